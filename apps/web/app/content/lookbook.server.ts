/** A lookbook with the catalogue products its setups show, loaded together for the lookbook pages. */
import type { Lookbook, ProductJson } from '@fanshop/core'
import type { AppLoadContext } from 'react-router'
import { fetchProducts } from './content.server.ts'

export async function withProducts(
  context: AppLoadContext,
  lookbook: Lookbook,
): Promise<{ lookbook: Lookbook; products: ProductJson[] }> {
  const products = await fetchProducts(
    context,
    lookbook.setups.flatMap((setup) => setup.product_ids),
  )
  return { lookbook, products }
}

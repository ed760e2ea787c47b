/**
 * The product page's tabs (spec 2): the description, and the specs (material and make, then
 * reference, category, fit, colours and sizes). Descriptions are HTML cleaned by the API when
 * they were written.
 */
import type { ProductJson } from '@fanshop/core'
import * as Tabs from '@radix-ui/react-tabs'

export function ProductTabs({ product }: { product: ProductJson }) {
  const specs: [string, string][] = [
    ['Reference', product.sku],
    ...(product.categories.length > 0
      ? [['Category', product.categories.map((c) => c.name).join(', ')] as [string, string]]
      : []),
    ...(product.gender ? [['Fit', product.gender.name] as [string, string]] : []),
    ...product.attributes.map((a) => [`${a.name}s`, a.options.join(', ')] as [string, string]),
  ]
  return (
    <Tabs.Root defaultValue="description" className="tabs product-tabs">
      <Tabs.List className="tabs__list" aria-label="Product information">
        <Tabs.Trigger value="description" className="tabs__trigger">
          Description
        </Tabs.Trigger>
        <Tabs.Trigger value="specs" className="tabs__trigger">
          Specs
        </Tabs.Trigger>
      </Tabs.List>
      <Tabs.Content value="description" className="tabs__panel">
        {/* biome-ignore lint/security/noDangerouslySetInnerHtml: sanitised by the API when written */}
        <div className="prose" dangerouslySetInnerHTML={{ __html: product.description }} />
      </Tabs.Content>
      <Tabs.Content value="specs" className="tabs__panel">
        {/* biome-ignore lint/security/noDangerouslySetInnerHtml: sanitised by the API when written */}
        <div className="prose" dangerouslySetInnerHTML={{ __html: product.short_description }} />
        <dl className="specs">
          {specs.map(([term, value]) => (
            <div key={term} className="specs__row">
              <dt>{term}</dt>
              <dd>{value}</dd>
            </div>
          ))}
        </dl>
      </Tabs.Content>
    </Tabs.Root>
  )
}

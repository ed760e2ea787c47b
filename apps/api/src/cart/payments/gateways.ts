/** Which gateway serves each kind of payment method; a real provider replaces an entry here. */
import type { PaymentMethodType } from '@fanshop/core'
import type { Kysely } from 'kysely'
import type { Database } from '../../db/schema.ts'
import { bankTransferGateway } from './bank-transfer.ts'
import type { PaymentGateway } from './gateway.ts'
import { testCardGateway } from './test-card-gateway.ts'

const gateways: Record<PaymentMethodType, (db: Kysely<Database>) => PaymentGateway> = {
  credit_card: testCardGateway,
  bank_transfer: () => bankTransferGateway,
}

/** The gateway for a payment method; `db` is where the built-in card gateway records its charges. */
export const gatewayFor = (methodType: PaymentMethodType, db: Kysely<Database>): PaymentGateway =>
  gateways[methodType](db)

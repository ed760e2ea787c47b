/** Which gateway serves each kind of payment method; a real provider replaces an entry here. */
import type { PaymentMethodType } from '@fanshop/core'
import { bankTransferGateway } from './bank-transfer.ts'
import type { PaymentGateway } from './gateway.ts'
import { testCardGateway } from './test-card-gateway.ts'

const gateways: Record<PaymentMethodType, PaymentGateway> = {
  credit_card: testCardGateway,
  bank_transfer: bankTransferGateway,
}

export const gatewayFor = (methodType: PaymentMethodType): PaymentGateway => gateways[methodType]

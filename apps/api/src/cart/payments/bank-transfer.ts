/** Bank transfer: nothing to take at checkout; the order stands and waits for the money (balance due). */
import type { PaymentGateway } from './gateway.ts'

export const bankTransferGateway: PaymentGateway = {
  methodType: 'bank_transfer',
  async prepare() {
    return { token: null, card: null }
  },
  async charge() {
    return { outcome: 'pending' }
  },
}

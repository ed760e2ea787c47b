/**
 * Bank transfer: nothing to take at checkout; the order stands and waits for the money (balance
 * due). No money moves through the shop, so there is no charge to look up or to void, and a refund
 * is a transfer back that staff make from the shop's bank: the gateway only takes note of it.
 */
import type { PaymentGateway } from './gateway.ts'

export const bankTransferGateway: PaymentGateway = {
  methodType: 'bank_transfer',
  async prepare() {
    return { token: null, card: null }
  },
  async charge() {
    return { outcome: 'pending' }
  },
  async lookup() {
    return null
  },
  async void() {},
  async refund() {
    return { outcome: 'refunded' }
  },
}

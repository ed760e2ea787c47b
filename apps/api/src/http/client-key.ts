/**
 * The client a rate limit counts, from its address (request.ip: a trusted proxy's X-Forwarded-For
 * or the socket's). An IPv6 client is its /64: a subscriber line, or a host with privacy addresses,
 * is handed a whole /64 and may rotate through its 2^64 addresses at will, so counting addresses
 * let one client past every per-client limit. An IPv4 client is its address, written as IPv4 or as
 * IPv4-mapped IPv6 (`::ffff:a.b.c.d`, how a dual-stack socket shows it). The addresses are read by
 * ipaddr.js, which Fastify's own proxy handling uses.
 */
import ipaddr from 'ipaddr.js'

export function clientKey(address: string): string {
  if (!ipaddr.IPv6.isValid(address)) return address
  const parsed = ipaddr.IPv6.parse(address)
  if (parsed.isIPv4MappedAddress()) return parsed.toIPv4Address().toString()
  return `${parsed.parts
    .slice(0, 4)
    .map((group) => group.toString(16))
    .join(':')}::/64`
}

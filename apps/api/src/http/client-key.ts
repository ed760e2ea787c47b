/**
 * The client a rate limit counts, from its address (request.ip: a trusted proxy's X-Forwarded-For
 * or the socket's). An IPv6 client is its /64: a subscriber line, or a host with privacy addresses,
 * is handed a whole /64 and may rotate through its 2^64 addresses at will, so counting addresses
 * let one client past every per-client limit. An IPv4 client is its address, written as IPv4 or as
 * IPv4-mapped IPv6 (`::ffff:a.b.c.d`, how a dual-stack socket shows it).
 */
import { isIPv6 } from 'node:net'

export function clientKey(address: string): string {
  if (!isIPv6(address)) return address
  const groups = hextets(address.split('%')[0]!)
  const [g6 = 0, g7 = 0] = groups.slice(6)
  if (groups.slice(0, 5).every((group) => group === 0) && groups[5] === 0xffff) {
    return [g6 >> 8, g6 & 0xff, g7 >> 8, g7 & 0xff].join('.')
  }
  return `${groups
    .slice(0, 4)
    .map((group) => group.toString(16))
    .join(':')}::/64`
}

/** The eight 16-bit groups of a valid IPv6 address, its `::` filled in and an IPv4 tail split in two. */
function hextets(address: string): number[] {
  const parse = (part: string) =>
    part === ''
      ? []
      : part.split(':').flatMap((group) => {
          if (!group.includes('.')) return [Number.parseInt(group, 16)]
          const [a = 0, b = 0, c = 0, d = 0] = group.split('.').map(Number)
          return [(a << 8) | b, (c << 8) | d]
        })
  const gap = address.indexOf('::')
  if (gap === -1) return parse(address)
  const head = parse(address.slice(0, gap))
  const tail = parse(address.slice(gap + 2))
  return [...head, ...Array<number>(8 - head.length - tail.length).fill(0), ...tail]
}

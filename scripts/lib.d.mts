// The types of lib.mjs's helpers, for the TypeScript that imports them (the browser tests).
import type { SpawnOptions } from 'node:child_process'

export declare const root: string
export declare function medianBy<T>(items: readonly T[], measure: (item: T) => number): T
export declare function serverLaunch(env?: NodeJS.ProcessEnv): {
  nodeArgs: string[]
  env: NodeJS.ProcessEnv
}
export declare function run(command: string, args: string[], options?: SpawnOptions): Promise<number>
export declare function freePort(): Promise<number>
export declare function ensureChromium(): boolean
export declare function buildAll(): Promise<void>

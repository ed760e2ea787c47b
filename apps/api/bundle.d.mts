// The type of bundle.mjs's options, for the TypeScript that imports them (the tests).
import type { BuildOptions } from 'esbuild'

export declare const bundleOptions: BuildOptions

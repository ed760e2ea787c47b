/** The launch domain's pure rules: the shopping gate, access codes, the countdown, the signup. */
export * from './access-code.ts'
export * from './countdown.ts'
export * from './endpoints.ts'
export * from './gate.ts'
export * from './moment.ts'
export * from './queue.ts'
export * from './queue-contract.ts'
export * from './signup.ts'

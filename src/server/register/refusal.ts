/**
 * Why the register writes nothing (a new entry refused): it is shorter than its latest checkpoint
 * (./register.ts RegisterCut), or its key is missing or unreadable (./key.ts). The message is the
 * owner's French sentence; the payment step and the correction form answer it as a 409.
 */
export class RegisterRefusal extends Error {}

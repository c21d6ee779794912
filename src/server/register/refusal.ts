/**
 * Why the register writes nothing (a new entry refused): it is shorter than its latest checkpoint
 * or than the numbers the stock already uses (RegisterCut: entries cut from its end), or its key
 * is missing or unreadable (./key.ts). The message is the owner's French sentence; the payment
 * step and the correction form answer it as a 409.
 */
import type { Checkpoint } from "./checkpoints"
import { checkpointName, missing } from "./verify"

export class RegisterRefusal extends Error {}

/** A new entry refused: the register lost entries from its end. */
export class RegisterCut extends RegisterRefusal {}

/**
 * The refusal of a next number after `lastNumber`, or null: while the register ends before its
 * latest checkpoint, or before `elsewhere` (the highest number the stock names), a new number
 * would be one already given.
 */
export function cutRefusal(lastNumber: number, checkpoint: Checkpoint | null, elsewhere: number): RegisterCut | null {
  if (lastNumber < elsewhere) {
    return new RegisterCut(
      `Le registre est incomplet : il s'arrête au n° ${lastNumber}, mais le stock connaît déjà le n° ${elsewhere}. Aucun numéro n'est donné tant que les entrées manquantes ne sont pas restaurées depuis la sauvegarde (npm run registre -- verify).`,
    )
  }
  if (checkpoint && lastNumber < checkpoint.last_number) {
    return new RegisterCut(
      `Le registre est incomplet : il manque ${missing(lastNumber + 1, checkpoint.last_number)} depuis ${checkpointName(checkpoint)}. Aucun numéro n'est donné tant qu'elles ne sont pas restaurées depuis la sauvegarde (npm run registre -- verify).`,
    )
  }
  return null
}

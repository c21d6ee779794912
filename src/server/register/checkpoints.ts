/**
 * The register's anchor outside its folder (REGISTER_CHECKPOINT_DIR, default beside REGISTER_DIR:
 * data/registre-points/): a hash chain cannot see its own end cut off, so after each new entry
 * and each day a checkpoint records how far the register went (entry count, last order number,
 * last hash, time). Each is also mailed to the owner (the port the register is given,
 * ./register.ts), a copy out of reach of whoever can touch the server's disk.
 *
 * What must stay true: checkpoints are numbered from 1 and never overwritten (./durable.ts);
 * the latest one is the reference: a register shorter than it is cut (verify fails naming the
 * missing numbers, a new entry is refused so that no number is ever given twice); a checkpoint is
 * only written for a register that verifies, so a cut register is never blessed by a later one.
 */
import { mkdir, readFile } from "node:fs/promises"
import path from "node:path"
import { removeLeftovers } from "../files"
import { createOnce, LEFTOVER, numberedName, numbersIn } from "./durable"
import { clock } from "../clock"

export type Checkpoint = {
  /** Its own serial number (« point de contrôle n° 12 »). */
  number: number
  at: string
  /** Why it was written: after a new entry, or the daily one (and at the server's start). */
  reason: "entrée" | "quotidien"
  entries: number
  last_number: number
  /** The last entry's `sha256` (its keyed fingerprint). */
  last_hash: string
}

export class Checkpoints {
  constructor(readonly dir: string) {}

  private numbers(): Promise<number[]> {
    return numbersIn(this.dir)
  }

  /** The most recent checkpoint, or null before the first. */
  async latest(): Promise<Checkpoint | null> {
    const last = (await this.numbers()).at(-1)
    if (last === undefined) return null
    return JSON.parse(await readFile(path.join(this.dir, numberedName(last)), "utf8")) as Checkpoint
  }

  /** At start: a file a crash left aside before its link (never a checkpoint) is removed. */
  async clearLeftovers(): Promise<void> {
    await removeLeftovers(this.dir, (name) => LEFTOVER.test(name))
  }

  /** Writes the next checkpoint, numbered; durable when the promise resolves. */
  async write(state: Omit<Checkpoint, "number" | "at">, now = clock.now()): Promise<Checkpoint> {
    await mkdir(this.dir, { recursive: true, mode: 0o700 })
    for (;;) {
      const number = ((await this.numbers()).at(-1) ?? 0) + 1
      const checkpoint: Checkpoint = { number, at: now.toISOString(), ...state }
      if (await createOnce(this.dir, numberedName(number), `${JSON.stringify(checkpoint, null, 2)}\n`)) return checkpoint
    }
  }
}

/** « Registre : point de contrôle n° N », the mail to the owner (the host sends it through the outbox's letters). */
export function checkpointLetter(checkpoint: Checkpoint, when: string): { subject: string; text: string } {
  const { entries, last_number, last_hash } = checkpoint
  return {
    subject: `Registre : point de contrôle n° ${checkpoint.number}`,
    text: [
      `Point de contrôle n° ${checkpoint.number} du registre des achats, ${when}.`,
      "",
      `Entrées : ${entries}`,
      `Dernier numéro d'ordre : ${last_number}`,
      `Empreinte de la dernière entrée : ${last_hash || "(aucune)"}`,
      "",
      "Gardez ce message : il prouve jusqu'où allait le registre à cette date. Si des entrées disparaissaient, « npm run registre -- verify » et la page du registre le signaleraient en nommant les numéros manquants.",
    ].join("\n"),
  }
}

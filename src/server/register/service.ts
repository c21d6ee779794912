/**
 * The register of this process as the host uses it (through src/server/buyback/service.ts): the
 * entries (./register.ts) with their key and checkpoints apart from the folder, the log of
 * consultations (./consultations.ts), and the daily upkeep.
 *
 * What must stay true: at the server's start and then every day, a crash's leftovers are cleared,
 * consultations older than a year dropped, and a checkpoint written if the register verifies
 * (never for a cut one); the timer never keeps the process alive.
 */
import type { RegisterSettings } from "../settings"
import { registerConsultationsBeside } from "../settings"
import { rectify } from "./correction"
import { ConsultationLog, type Consultation } from "./consultations"
import { registerCsv } from "./csv"
import { Register, type RegisterOptions } from "./register"
import { clock } from "../clock"

const DAY_MS = 86_400_000

export type RegisterPlace = Pick<RegisterSettings, "dir"> & Partial<RegisterSettings>

export function registerService(
  place: RegisterPlace,
  onCheckpoint?: RegisterOptions["onCheckpoint"],
  highestNumberElsewhere?: RegisterOptions["highestNumberElsewhere"],
) {
  const register = new Register(place.dir, {
    ...(place.keyFile ? { keyFile: place.keyFile } : {}),
    ...(place.checkpointDir ? { checkpointDir: place.checkpointDir } : {}),
    ...(onCheckpoint ? { onCheckpoint } : {}),
    ...(highestNumberElsewhere ? { highestNumberElsewhere } : {}),
  })
  const log = new ConsultationLog(registerConsultationsBeside(place.dir), () => register.chainKey())
  let timer: NodeJS.Timeout | null = null

  const upkeep = async (now = clock.now()) => {
    await log.prune(now)
    const verdict = await register.dailyCheckpoint(now)
    if (!verdict.ok) console.error(`registre altéré : ${verdict.problem}`)
  }

  return {
    register,
    log,
    /** What the register's page is handed (src/server/inbox/register-page.ts RegisterReader). */
    reader: {
      list: () => register.list(),
      csv: registerCsv,
      verify: () => register.verify(),
      rectify: (number: number, body: unknown, now: Date) => rectify(register, number, body, now),
      consulted: (line: Omit<Consultation, "at">, now: Date) => log.record(line, now),
      consultations: () => log.list(),
      consultationsChecked: () => log.check(),
    },
    start: async (): Promise<void> => {
      await register.clearLeftovers()
      await upkeep()
      timer ??= setInterval(() => void upkeep().catch((error: unknown) => console.error("registre : entretien quotidien incomplet", error)), DAY_MS)
      timer.unref()
    },
    stop: () => {
      if (timer) clearInterval(timer)
      timer = null
    },
  }
}

/**
 * How long a publication takes, for the owner's status box (docs/studio.md#status-what-the-studio-says): « Publication en
 * cours… environ 25 s » from the last publications, and for the first one of a workspace without
 * cache (a new install, or after a crash cleared it: ./leftover.ts) that it takes a few minutes.
 *
 * The durations of the last warm publications are kept in STUDIO_PUBLISH_DIR/timings.json, so a
 * restarted server still knows them; with each, the time of its phases (also written at the end of
 * build.log), which `npm run bench` reads.
 */
import fs from "node:fs"
import path from "node:path"
import { writeFileAtomic } from "../files"
import { clock } from "../clock"

/** Seconds per phase of one publication: copy in, build, release, activation. */
export type Phases = Readonly<Record<string, number>>
type Timing = { readonly at: string; readonly seconds: number; readonly cold: boolean; readonly phases: Phases }

/** What the status box says while a build runs. */
export type Expectation = { readonly cold: true } | { readonly cold: false; readonly seconds: number | null }

const KEPT = 10
/** The estimate is the median of the last few warm publications. */
const LAST_WARM = 3

export class PublishTimes {
  private readonly file: string
  private timings: Timing[]

  constructor(
    dir: string,
    private readonly workspace: string,
  ) {
    this.file = path.join(dir, "timings.json")
    this.timings = PublishTimes.read(this.file)
  }

  private static read(file: string): Timing[] {
    try {
      const timings = JSON.parse(fs.readFileSync(file, "utf8")) as unknown
      return Array.isArray(timings) ? (timings as Timing[]).filter((timing) => typeof timing?.seconds === "number") : []
    } catch {
      return []
    }
  }

  /** True when the workspace has no gatsby cache: the next build is cold. */
  cold(): boolean {
    return !fs.existsSync(path.join(this.workspace, ".cache"))
  }

  expectation(): Expectation {
    if (this.cold()) return { cold: true }
    const warm = this.timings
      .filter((timing) => !timing.cold)
      .slice(-LAST_WARM)
      .map((timing) => timing.seconds)
      .sort((a, b) => a - b)
    return { cold: false, seconds: warm.length > 0 ? warm[Math.floor(warm.length / 2)]! : null }
  }

  /** After a publication went live (never blocks it: a failed write only loses the estimate). */
  async record(seconds: number, cold: boolean, phases: Phases): Promise<void> {
    this.timings = [...this.timings, { at: clock.now().toISOString(), seconds, cold, phases }].slice(-KEPT)
    await writeFileAtomic(this.file, `${JSON.stringify(this.timings, null, 1)}\n`).catch(() => undefined)
  }
}

/** « copie 1,2 s, construction 21,0 s, … »: a publication's phases as build.log ends with them. */
export function phasesLine(phases: Phases): string {
  return Object.entries(phases)
    .map(([name, seconds]) => `${name} ${seconds.toFixed(1).replace(".", ",")} s`)
    .join(", ")
}

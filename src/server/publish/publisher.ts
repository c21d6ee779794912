/**
 * The republication queue (docs/studio.md#one-at-a-time): after a save the studio asks for a publication;
 * one runs at a time, and every request made while one runs is served by ONE next publication,
 * which reads the content as it is then. A failed publication changes nothing served: the
 * previous site stays, and the status says why until the next one succeeds.
 *
 * What a publication does (build, switch the served site) is given (./pipeline.ts in the
 * server, a fake in tests); this file only decides when it runs and what the owner is told.
 */
import type { PublicationStatus } from "../../contract/publication"
import type { Expectation } from "./times"
import { describe, type FailureWords } from "./words"
import { clock } from "../clock"

/**
 * Why a publication is asked. `contentChecked`: after a save of the studio, which validated the
 * whole content before writing it (src/server/studio/save.ts); false for « Republier », whose
 * content may have been changed by hand. A publication serving several requests is checked only
 * if all were (build-steps/publication-build.ts: the build then need not validate it again).
 */
export type PublishRequest = {
  readonly contentChecked: boolean
  /**
   * The warm-up at start (src/server/host/republish.ts): a publication of the content as it is,
   * asked by no one, so that the owner's first save finds a warm cache. Its failure is logged,
   * not shown as the owner's: the site served stays and the next save builds.
   */
  readonly warmUp?: boolean
}

/** A site being served: when it went live, and when the content it shows was read. */
export type Published = { readonly publishedAt: Date; readonly contentAt: Date }

/** A publication that did not go live, with the owner's words for why (./words.ts). */
export class PublishFailure extends Error implements FailureWords {
  constructor(
    readonly reason: string,
    readonly details: readonly string[] = [],
  ) {
    super(reason)
    this.name = "PublishFailure"
  }
}

export type PublisherOptions = {
  /** Builds the content and serves the result; resolves with what is served now, or throws (a PublishFailure says why). */
  readonly publish: (request: PublishRequest) => Promise<Published>
  /** The site served when the server started (null: unknown). */
  readonly served: Published | null
  /** The newest change in the studio's content/ (null: none found), to tell a site older than its content. */
  readonly contentChangedAt: () => Date | null
  readonly log?: (line: string) => void
  readonly now?: () => Date
  /** How long the publication running should take (./times.ts), for the status. */
  readonly expectation?: () => Expectation
}

export class Publisher {
  private served: Published | null
  private running: Promise<void> | null = null
  /** What the status says of the duration of the publication running, read when it starts. */
  private expected: Expectation | undefined
  private again = false
  /** The publication running is the warm-up at start (« Préparation de la publication… »). */
  private preparing = false
  /** A request since the publication running started came from elsewhere than a checked save. */
  private unchecked = false
  private failure: FailureWords | null = null
  private readonly now: () => Date
  private readonly log: (line: string) => void

  constructor(private readonly options: PublisherOptions) {
    this.served = options.served
    this.now = options.now ?? clock.now
    this.log = options.log ?? console.log
  }

  /** After a save (or the owner's « Republier »): publishes now, or once more after the one running. */
  request(request: PublishRequest = { contentChecked: false }): void {
    if (!request.contentChecked) this.unchecked = true
    if (this.running) {
      this.again = true
      return
    }
    this.running = this.run()
  }

  /**
   * The warm-up at start: one publication of the content as it is, unless one already runs. Saves
   * made during it are served by ONE next publication, as during any build, then warm.
   */
  prepare(): void {
    if (this.running) return
    this.preparing = true
    this.running = this.run()
  }

  /** Settles once no publication runs nor waits (tests, the benchmark). */
  async idle(): Promise<void> {
    while (this.running) await this.running
  }

  status(): PublicationStatus {
    const now = this.now()
    const publishedAt = this.served?.publishedAt ?? null
    if (this.running) {
      return describe({ state: "building", publishedAt, queued: this.again, expectation: this.expected, preparing: this.preparing }, now)
    }
    if (this.failure) return describe({ state: "failed", publishedAt, failure: this.failure }, now)
    const changedAt = this.options.contentChangedAt()
    const stale = changedAt !== null && (!this.served || changedAt > this.served.contentAt)
    return describe({ state: stale ? "stale" : "published", publishedAt }, now)
  }

  private async run(): Promise<void> {
    do {
      const warmUp = this.preparing
      this.again = false
      // The warm-up reads content nobody saved through the studio since the start: the build checks it.
      const contentChecked = !this.unchecked && !warmUp
      if (!warmUp) this.unchecked = false
      this.expected = this.options.expectation?.()
      const started = performance.now()
      const what = warmUp ? "préparation (publication au démarrage)" : "publication"
      try {
        this.served = await this.options.publish({ contentChecked, ...(warmUp ? { warmUp } : {}) })
        this.failure = null
        this.log(`${what} : site publié en ${Math.round((performance.now() - started) / 1000)} s`)
      } catch (error) {
        const failure = error instanceof PublishFailure ? error : new PublishFailure("erreur interne du serveur pendant la publication.")
        // Nobody asked for the warm-up: its failure leaves the owner's status as it was, and the next save builds.
        if (!warmUp) this.failure = failure
        if (!(error instanceof PublishFailure)) console.error(`${what} : erreur inattendue`, error)
        this.log(`${what} : échec après ${Math.round((performance.now() - started) / 1000)} s : ${failure.reason}`)
      }
      this.preparing = false
    } while (this.again)
    // In the same step as the last check: a request can never land between them and be lost.
    this.running = null
  }
}

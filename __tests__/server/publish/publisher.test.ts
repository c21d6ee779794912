/**
 * @jest-environment node
 *
 * The republication queue (src/server/publish/publisher.ts) with a publication the test holds
 * open: saves made during a build are served by ONE next build, a failed build keeps the site
 * served and says why in French, and the status goes « Publication en cours… » → « Site à jour
 * — publié à … » (Paris time) or « Échec : … ».
 */
import { Publisher, PublishFailure, type Published, type PublishRequest } from "../../../src/server/publish/publisher"
import type { Expectation } from "../../../src/server/publish/times"
import { whenPublished } from "../../../src/server/publish/words"

/** A publication the test finishes by hand: `builds` lists each one started, in order, with what it was asked. */
function heldPublications() {
  const builds: Array<{ succeed: (at: Date) => void; fail: (error: Error) => void; request: PublishRequest }> = []
  const publish = (request: PublishRequest) =>
    new Promise<Published>((resolve, reject) => {
      builds.push({ succeed: (at) => resolve({ publishedAt: at, contentAt: at }), fail: reject, request })
    })
  return { builds, publish }
}

/** The owner's sentences keep their numbers with their units by no-break spaces; compared as plain text here. */
const plain = (text: string) => text.replace(/\u00a0/g, " ")
const shown = (queue: Publisher) => {
  const status = queue.status()
  return { ...status, message: plain(status.message) }
}

/** Lets the publisher's awaits run (it reacts to a settled publication in a few microtasks). */
const settle = () => new Promise((resolve) => setImmediate(resolve))

const MORNING = new Date("2026-11-25T08:12:00Z") // 9 h 12 in Paris (winter, UTC+1)
const NOON = new Date("2026-11-25T11:00:00Z")

function publisher(publish: (request: PublishRequest) => Promise<Published>, contentChangedAt: () => Date | null = () => null) {
  return new Publisher({ publish, served: { publishedAt: MORNING, contentAt: MORNING }, contentChangedAt, log: () => undefined, now: () => NOON })
}

test("saves made during a build are served by ONE next build, which starts once the first has finished", async () => {
  const { builds, publish } = heldPublications()
  const queue = publisher(publish)
  queue.request()
  expect(builds).toHaveLength(1)
  expect(shown(queue)).toMatchObject({ state: "building", message: "Publication en cours…", canRepublish: false })

  for (let save = 0; save < 3; save += 1) queue.request()
  expect(builds).toHaveLength(1)
  expect(shown(queue).message).toBe("Publication en cours… Vos dernières modifications suivront.")

  builds[0]?.succeed(new Date("2026-11-25T09:40:00Z"))
  await settle()
  expect(builds).toHaveLength(2)
  expect(shown(queue).state).toBe("building")

  builds[1]?.succeed(new Date("2026-11-25T09:42:00Z"))
  await queue.idle()
  expect(builds).toHaveLength(2)
  expect(shown(queue)).toMatchObject({ state: "published", message: "Site à jour — publié à 10 h 42", publishedAt: "2026-11-25T09:42:00.000Z" })
})

test("a build skips validating the content only when every save it serves was checked by the studio; « Republier » among them, it validates", async () => {
  const { builds, publish } = heldPublications()
  const queue = publisher(publish)
  const checkedSave = { contentChecked: true }
  queue.request(checkedSave)
  queue.request(checkedSave)
  queue.request()
  builds[0]?.succeed(NOON)
  await settle()
  queue.request(checkedSave)
  builds[1]?.succeed(NOON)
  await settle()
  builds[2]?.succeed(NOON)
  await queue.idle()
  expect(builds.map((build) => build.request.contentChecked)).toEqual([true, false, true])
})

test("a failed build keeps the site served and says why in French, until the next build succeeds", async () => {
  const { builds, publish } = heldPublications()
  const queue = publisher(publish)
  queue.request()
  builds[0]?.fail(new PublishFailure("le site refuse ce contenu (1 problème(s)).", ["content/sold-items.json › items[0].price : doit être ≥ 0"]))
  await queue.idle()
  const failed = shown(queue)
  expect(failed).toMatchObject({ state: "failed", canRepublish: true, publishedAt: MORNING.toISOString() })
  expect(failed.message).toBe("Échec : le site refuse ce contenu (1 problème(s)). Le site en ligne n'a pas changé (publié à 9 h 12).")
  expect(failed.details).toEqual(["content/sold-items.json › items[0].price : doit être ≥ 0"])

  queue.request()
  expect(shown(queue).state).toBe("building")
  builds[1]?.succeed(NOON)
  await queue.idle()
  expect(shown(queue)).toMatchObject({ state: "published", details: [] })
})

test("an unexpected error is a failure too, worded for the owner, and the queue keeps working", async () => {
  const { builds, publish } = heldPublications()
  const errors = jest.spyOn(console, "error").mockImplementation(() => undefined)
  const queue = publisher(publish)
  queue.request()
  builds[0]?.fail(new Error("EACCES: permission denied, open '/srv/site/data/publish/build.log'"))
  await queue.idle()
  expect(shown(queue).message).toMatch(/^Échec : erreur interne du serveur pendant la publication\. /)
  expect(shown(queue).message).not.toContain("/srv")
  expect(errors).toHaveBeenCalled()
  errors.mockRestore()
  queue.request()
  expect(builds).toHaveLength(2)
  builds[1]?.succeed(NOON)
  await queue.idle()
  expect(shown(queue).state).toBe("published")
})

test("a content newer than the site served is said, with a way to republish", async () => {
  let changedAt: Date | null = new Date("2026-11-25T07:00:00Z")
  const queue = publisher(heldPublications().publish, () => changedAt)
  expect(shown(queue).state).toBe("published")
  changedAt = new Date("2026-11-25T10:30:00Z")
  expect(shown(queue)).toMatchObject({
    state: "stale",
    message: "Le site en ligne n'a pas encore vos dernières modifications (publié à 9 h 12).",
    canRepublish: true,
  })
})

test("times are the shop's (Paris, summer and winter), with the day when it is not today, unbreakable", () => {
  const now = new Date("2026-07-14T20:00:00Z")
  expect(whenPublished(new Date("2026-07-14T08:05:00Z"), now)).toBe("à\u00a010\u00a0h\u00a005")
  expect(plain(whenPublished(new Date("2026-07-13T21:30:00Z"), now))).toBe("hier à 23 h 30")
  expect(plain(whenPublished(new Date("2026-07-12T10:00:00Z"), now))).toBe("le 12 juillet à 12 h 00")
  expect(plain(whenPublished(new Date("2026-01-05T23:30:00Z"), new Date("2026-01-06T08:00:00Z")))).toBe("à 0 h 30")
  // « hier » is the calendar day before in Paris, not 24 hours before: 24 hours before 0 h 30 on
  // 29 March 2027 (after a 23-hour day) is 27 March; before 23 h 30 on 31 October (a 25-hour day), 31 October.
  expect(plain(whenPublished(new Date("2027-03-28T09:00:00Z"), new Date("2027-03-28T22:30:00Z")))).toBe("hier à 11 h 00")
  expect(plain(whenPublished(new Date("2027-10-30T10:00:00Z"), new Date("2027-10-31T22:30:00Z")))).toBe("hier à 12 h 00")
})

test("while it builds, the status says how long it should take: minutes for a workspace's first (cold) build, else the last warm ones' median", async () => {
  const said = async (expectation: Expectation, queued = false) => {
    const { builds, publish } = heldPublications()
    const queue = new Publisher({ publish, served: null, contentChangedAt: () => null, log: () => undefined, expectation: () => expectation })
    queue.request()
    if (queued) queue.request()
    const message = shown(queue).message
    builds[0]?.succeed(NOON)
    await settle()
    builds[1]?.succeed(NOON)
    await queue.idle()
    return message
  }
  expect(await said({ cold: true })).toBe("Publication en cours… La première publication prend quelques minutes.")
  expect(await said({ cold: false, seconds: 21.3 })).toBe("Publication en cours… Environ 25 s.")
  expect(await said({ cold: false, seconds: 150 }, true)).toBe("Publication en cours… Environ 3 min. Vos dernières modifications suivront.")
  expect(await said({ cold: false, seconds: null })).toBe("Publication en cours…")
})

test("the warm-up at start: a publication asked by no one, told so, its content checked by the build; a save follows it; its failure is not the owner's; none while a build runs", async () => {
  const { builds, publish } = heldPublications()
  const queue = publisher(publish)
  queue.prepare()
  expect(builds.map((build) => build.request)).toEqual([{ contentChecked: false, warmUp: true }])
  expect(shown(queue)).toMatchObject({ state: "building", message: "Préparation de la publication…", canRepublish: false })
  queue.request({ contentChecked: true })
  expect(shown(queue).message).toBe("Préparation de la publication… Vos dernières modifications suivront.")

  builds[0]?.fail(new PublishFailure("la construction du site s'est arrêtée sur une erreur."))
  await settle()
  // The save's own publication, checked by the save: the warm-up's failure is not shown while it runs, nor after it.
  expect(builds[1]?.request).toEqual({ contentChecked: true })
  expect(shown(queue).message).toMatch(/^Publication en cours…/)
  builds[1]?.succeed(new Date("2026-11-25T09:42:00Z"))
  await queue.idle()
  expect(shown(queue)).toMatchObject({ state: "published", message: "Site à jour — publié à 10 h 42" })

  queue.request()
  queue.prepare()
  expect(builds).toHaveLength(3)
  expect(shown(queue).message).toBe("Publication en cours…")
})

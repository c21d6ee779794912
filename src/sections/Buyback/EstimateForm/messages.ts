import { copy } from "../../../copy"
import { MAX_PHOTO_BYTES, type PhotoRejection } from "../../../contract/photos"
import type { AddPhotosResult } from "../../../hooks/usePhotoPicker"
import type { ToastInput } from "../../../components/Toast"

import { isValidEmail } from "../../../contract/email"

export { isValidEmail }

/**
 * What keeps the form from being sent or will stop it, in the order of the fields. `garmentsWithoutPhoto`:
 * among several garments, the « Article N » numbers still without a photo (alone, a garment's
 * missing photo is `missing`'s "photo", worded as the form always did).
 */
export type FormProblems = { wrong: ReadonlyArray<"email">; missing: ReadonlyArray<"email" | "photo">; garmentsWithoutPhoto: ReadonlyArray<number> }

/**
 * The spec's rule (the button stays disabled while the email or a photo is missing) plus the
 * address's form, judged only once the visitor has left the field (`emailChecked`).
 * `photoCounts`: each garment's photos, in the form's order.
 */
export function formProblems({ email, emailChecked, photoCounts }: { email: string; emailChecked: boolean; photoCounts: ReadonlyArray<number> }): FormProblems {
  const blank = email.trim() === ""
  const alone = photoCounts.length <= 1
  const withoutPhoto = photoCounts.flatMap((count, index) => (count === 0 ? [index + 1] : []))
  return {
    wrong: !blank && emailChecked && !isValidEmail(email) ? ["email"] : [],
    missing: [...(blank ? (["email"] as const) : []), ...(alone && withoutPhoto.length > 0 ? (["photo"] as const) : [])],
    garmentsWithoutPhoto: alone ? [] : withoutPhoto,
  }
}

/** Whether anything is still missing (the button then stays disabled). */
export function isIncomplete({ missing, garmentsWithoutPhoto }: FormProblems): boolean {
  return missing.length > 0 || garmentsWithoutPhoto.length > 0
}

/** The status line: every problem named, wrong first (in field order), then each garment's, or "" when none. */
export function statusLine({ wrong, missing, garmentsWithoutPhoto }: FormProblems): string {
  const text = copy.estimate.status
  const sentences: string[] = wrong.map((field) => text.wrong[field])
  if (missing.length > 0) sentences.push(text.missingSentence(missing.map((field) => text.missing[field])))
  sentences.push(...garmentsWithoutPhoto.map((number) => copy.estimate.garments.noPhoto(number)))
  return sentences.join(" ")
}

const MAX_LISTED = 3
const MAX_NAME_LENGTH = 40

/** Phone file names can be very long; keep the start and the extension. */
function shorten(name: string): string {
  return name.length <= MAX_NAME_LENGTH ? name : `${name.slice(0, MAX_NAME_LENGTH - 9)}…${name.slice(-8)}`
}

/** « a », « b » et « c », or « a », « b », « c » et 2 autres. */
function listNames(names: ReadonlyArray<string>): string {
  const quoted = names.slice(0, MAX_LISTED).map((name) => `« ${shorten(name)} »`)
  const rest = names.length - quoted.length
  if (rest > 0) return `${quoted.join(", ")} et ${copy.estimate.refused.otherFiles(rest)}`
  const last = quoted.pop() ?? ""
  return quoted.length > 0 ? `${quoted.join(", ")} et ${last}` : last
}

/**
 * One toast telling the visitor which files were not added and what to do instead, or null
 * when every file was added. One toast only, because a new toast replaces the previous one.
 */
export function photoProblemsToast({ ignored, refused }: AddPhotosResult, max: number): ToastInput | null {
  const text = copy.estimate.refused
  const names = (reason: PhotoRejection) => refused.filter((entry) => entry.reason === reason).map((entry) => entry.name)
  const notImage = names("not-image")
  const heic = names("heic")
  const tooLarge = names("too-large")

  const problems: Array<{ title: string; sentence: string }> = []
  if (notImage.length > 0) problems.push({ title: text.notImageTitle(notImage.length), sentence: text.notImage(listNames(notImage), notImage.length) })
  if (heic.length > 0) problems.push({ title: text.heicTitle, sentence: text.heic(listNames(heic), heic.length) })
  if (tooLarge.length > 0) {
    problems.push({ title: text.tooLargeTitle(tooLarge.length), sentence: text.tooLarge(listNames(tooLarge), tooLarge.length, MAX_PHOTO_BYTES / 1024 / 1024) })
  }
  if (ignored > 0) problems.push({ title: text.tooManyTitle(max), sentence: text.tooMany(ignored, max) })

  const [first] = problems
  if (!first) return null
  return {
    title: problems.length === 1 ? first.title : text.severalTitle,
    description: problems.map((problem) => problem.sentence).join("\n"),
    variant: refused.length > 0 ? "destructive" : "default",
  }
}

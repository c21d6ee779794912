import { useCallback, useEffect, useRef, useState } from "react"
import { checkPhoto, type PhotoRejection } from "../contract/photos"

export type Photo = { readonly id: string; readonly file: File; readonly preview: string }

export type AddPhotosResult = {
  readonly added: number
  /** Valid photos dropped because the limit was reached. */
  readonly ignored: number
  readonly refused: ReadonlyArray<{ readonly name: string; readonly reason: PhotoRejection }>
}

function newPhotoId(): string {
  // randomUUID only exists on secure origins (https, localhost); a plain-http preview still works.
  if (typeof crypto !== "undefined" && typeof crypto.randomUUID === "function") return crypto.randomUUID()
  return `photo-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 10)}`
}

/**
 * The photos of a form: at most `max`, each checked by its bytes, with an object-URL preview
 * that is revoked when the photo is removed, the list cleared or the form unmounted.
 */
export function usePhotoPicker(max: number) {
  const [photos, setPhotos] = useState<ReadonlyArray<Photo>>([])
  // Files are checked asynchronously; the ref is the list at this instant, so two quick drops
  // cannot both see 3 photos and end up with 5.
  const current = useRef<ReadonlyArray<Photo>>([])
  const mounted = useRef(false)

  const commit = useCallback((next: ReadonlyArray<Photo>) => {
    current.current = next
    setPhotos(next)
  }, [])

  useEffect(() => {
    mounted.current = true
    return () => {
      mounted.current = false
      current.current.forEach((photo) => URL.revokeObjectURL(photo.preview))
      current.current = []
    }
  }, [])

  const addFiles = useCallback(
    async (files: ReadonlyArray<File>): Promise<AddPhotosResult> => {
      const checked = await Promise.all(files.map(async (file) => ({ file, check: await checkPhoto(file) })))
      const valid: File[] = []
      const refused: Array<{ name: string; reason: PhotoRejection }> = []
      checked.forEach(({ file, check }) => {
        if (check.ok) valid.push(file)
        else refused.push({ name: file.name, reason: check.reason })
      })
      // The form is gone: nothing to add, nobody to tell.
      if (!mounted.current) return { added: 0, ignored: 0, refused: [] }
      const kept = valid.slice(0, Math.max(0, max - current.current.length))
      if (kept.length > 0) {
        commit([...current.current, ...kept.map((file) => ({ id: newPhotoId(), file, preview: URL.createObjectURL(file) }))])
      }
      return { added: kept.length, ignored: valid.length - kept.length, refused }
    },
    [max, commit],
  )

  const remove = useCallback(
    (id: string) => {
      const photo = current.current.find((candidate) => candidate.id === id)
      if (!photo) return
      URL.revokeObjectURL(photo.preview)
      commit(current.current.filter((candidate) => candidate.id !== id))
    },
    [commit],
  )

  const clear = useCallback(() => {
    current.current.forEach((photo) => URL.revokeObjectURL(photo.preview))
    commit([])
  }, [commit])

  return { photos, addFiles, remove, clear }
}

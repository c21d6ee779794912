/**
 * Changes to one request's folder made by this process run one after the other, whoever makes
 * them: the inbox's status and note, its « Supprimer », the buy-back's steps (which rewrite
 * handling.json too). One queue per request number, forgotten once empty.
 *
 * What must stay true: every writer of handling.json goes through this, so a check of its
 * version and the write that follows are never interleaved with another writer's.
 */
const queues = new Map<string, Promise<unknown>>()

export function oneAtATime<T>(id: string, work: () => Promise<T>): Promise<T> {
  const previous = queues.get(id) ?? Promise.resolve()
  const next = previous.then(work, work)
  const settled = next.catch(() => undefined)
  queues.set(id, settled)
  void settled.then(() => {
    if (queues.get(id) === settled) queues.delete(id)
  })
  return next
}

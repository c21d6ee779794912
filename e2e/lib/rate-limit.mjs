/**
 * The chat rate limit the server announces (RateLimit-Policy: "<limit>;w=<seconds>", draft-7),
 * checked before a run that sends many chat requests from one address (the browser tests'
 * global setup, the load bar): a server started with the production default (30 a minute) would
 * answer 429 and fail the run for no real fault. Costs one request to /api/chat. Throws a French
 * explanation when the limit is below `needed`.
 */
export async function assertChatRateLimitAllows(baseUrl, needed) {
  const response = await fetch(`${baseUrl}/api/chat`, { signal: AbortSignal.timeout(10_000) })
  await response.arrayBuffer()
  const limit = Number(/^(\d+);w=\d+/.exec(response.headers.get("ratelimit-policy") ?? "")?.[1] ?? Infinity)
  if (response.status === 429 || limit < needed) {
    throw new Error(
      `Le serveur de ${baseUrl} limite /api/chat à ${limit} requêtes par fenêtre (il en faut ${needed} ici) : ` +
        `relancez-le avec CHAT_RATE_LIMIT=1000000 BODY_TIMEOUT_MS=2000 npm run serve, comme .ci/run.`,
    )
  }
}

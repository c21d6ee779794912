/**
 * The owner's list of the questions maxAi could not answer, at `<prefix>/admin/questions/` (docs/requests.md#the-owners-questions), a room of the studio like the inbox: the host hands this router to
 * studio/mount.ts (`rooms: { questions }`), which puts its door in front (the owner's session:
 * the login page answered 401 for a page, else 401 JSON; the same-origin rule on every POST).
 *
 *   GET  /                 the list, most asked first
 *   GET  /<id>             one group and its answer form
 *   POST /<id>/repondre    « Réponse de maxAi » and « Autres formulations » saved into
 *                          content/chat.json through the studio's validated save (a commit by the
 *                          account), the site republished, the group erased
 *   POST /<id>/apercu      the form again, with the keywords the answer typed would get (« Mots-clés retenus »)
 *   POST /<id>/ignorer     the group erased without an answer
 *
 * What must stay true: every answer is private and not cached; an id is the hash of a group's key
 * (./answer.ts), so no address reaches anything but this room's one file; the group leaves the list
 * only once its answer is saved.
 */
import express, { type NextFunction, type Request, type Response } from "express"
import { handleAsync, ownerRoomRouter, sendHtml } from "../http/page-routes"
import { frenchTypography } from "../../lib/typography"
import { refusedBody } from "../http/refused-body"
import { answerKeywords, isQuestionId, questionId, rephrasingsOf, shopWordsOf, withOwnerAnswer } from "./answer"
import { answerPage, listPage, QUESTION_WORDS, type AnswerForm, type OwnerFrame } from "./pages"
import { questionStore, UnreadableQuestions, type QuestionStore } from "./store"
import { ownValue } from "../../contract/own-keys"
import { formBody, KB } from "../http/form-body"
import { holdsToForm } from "../http/form-schema"
import type { UnansweredQuestion } from "../../contract/questions"

/** content/chat.json as the studio holds it, and its validated save (src/server/studio/mount.ts contentFile). */
export type ChatContentPort = {
  read: () => Promise<string>
  save: (raw: string, author: string, message: string, base?: string) => Promise<{ ok: true } | { ok: false; status: number; error: string }>
}

export type QuestionsRoom = {
  /** The owner rooms' frame (src/server/inbox/layout.ts framePage), handed over by the host. */
  frame: OwnerFrame
  /** Without it (no studio folder), the list and « Ignorer » only. */
  chatContent?: ChatContentPort
  /** The store of this process's LEADS_DIR, or a test's. */
  store?: () => QuestionStore
}

const NOTICES: Record<string, string> = { repondue: QUESTION_WORDS.answered, ignoree: QUESTION_WORDS.ignored }

const DAY_MS = 24 * 60 * 60 * 1000

/** The expired groups erased now and once a day (an unref'd timer: it never keeps the process alive). */
function sweepDaily(store: () => QuestionStore): void {
  const sweep = () =>
    void store()
      .sweep()
      .catch((error: unknown) => console.error("questions : effacement des questions expirées impossible", error))
  sweep()
  setInterval(sweep, DAY_MS).unref()
}

export function questionsRouter({ frame, chatContent, store = questionStore }: QuestionsRoom): express.Router {
  sweepDaily(store)
  const router = ownerRoomRouter()

  const refuse = (req: Request, res: Response, status: number, error: string) => {
    if (!/\btext\/html\b/.test(req.get("accept") ?? "")) return void res.status(status).json({ error: frenchTypography(error) })
    const body = `<h1>${frenchTypography(error)}</h1><p><a class="button" href="${req.baseUrl}/">${QUESTION_WORDS.title}</a></p>`
    sendHtml(res, status, frame({ base: req.baseUrl, title: error, body }))
  }

  router.get(
    "/",
    handleAsync(async (req, res) => {
      if (!req.originalUrl.split("?")[0]?.endsWith("/")) return res.redirect(301, `${req.baseUrl}/`)
      const questions = (await store().list()).map((question) => ({ question, id: questionId(question.key) }))
      const notice = ownValue(NOTICES, req.query.fait)
      sendHtml(res, 200, listPage({ base: req.baseUrl, frame, questions, ...(notice ? { notice } : {}) }))
    }),
  )

  router.param("id", (req, res, next, id: string) => (isQuestionId(id) ? next() : refuse(req, res, 404, QUESTION_WORDS.notFound)))

  /** The keywords the answer would get with what the owner typed, as the answer form shows them before saving. */
  const keywordsFor = async (question: UnansweredQuestion, form?: AnswerForm): Promise<string[]> => {
    if (!chatContent) return []
    try {
      const rephrasings = rephrasingsOf(form?.rephrasings ?? question.variants.join("\n"))
      return answerKeywords(shopWordsOf(await chatContent.read()), question, form?.answer ?? "", rephrasings)
    } catch (error) {
      // A chat.json the studio cannot read: the form is still shown, without its keywords (the save says what is wrong).
      console.error("questions : mots-clés de la réponse impossibles à calculer", error)
      return []
    }
  }

  const groupOf = async (id: string) => (await store().list()).find((question) => questionId(question.key) === id) ?? null

  router.get(
    "/:id",
    handleAsync(async (req, res) => {
      const question = await groupOf(req.params.id ?? "")
      if (!question) return refuse(req, res, 404, QUESTION_WORDS.notFound)
      // Opened by the owner: kept first when the list is full (store.ts kept).
      await store().markOpened(question.key)
      const keywords = await keywordsFor(question)
      sendHtml(res, 200, answerPage({ base: req.baseUrl, frame, question, id: req.params.id ?? "", canSave: Boolean(chatContent), keywords }))
    }),
  )

  /** The answer form's two fields, each one text (../http/form-schema.ts); null for anything else (a forged post). */
  const formOf = (req: Request): AnswerForm | null => {
    if (!holdsToForm(req.body ?? {}, { fields: ["reponse", "formulations"] })) return null
    const body = (req.body ?? {}) as Record<string, string | undefined>
    return { answer: body.reponse ?? "", rephrasings: body.formulations ?? "" }
  }
  const FORGED = "Formulaire illisible : rechargez la page et recommencez."

  router.post(
    "/:id/apercu",
    ...formBody(32 * KB, 5),
    handleAsync(async (req, res) => {
      const id = req.params.id ?? ""
      const question = await groupOf(id)
      if (!question) return refuse(req, res, 404, QUESTION_WORDS.notFound)
      if (!chatContent) return refuse(req, res, 409, QUESTION_WORDS.noStudio)
      const form = formOf(req)
      if (!form) return refuse(req, res, 400, FORGED)
      sendHtml(res, 200, answerPage({ base: req.baseUrl, frame, question, id, form, canSave: true, keywords: await keywordsFor(question, form) }))
    }),
  )

  router.post(
    "/:id/repondre",
    ...formBody(32 * KB, 5),
    handleAsync(async (req, res) => {
      const id = req.params.id ?? ""
      const question = await groupOf(id)
      if (!question) return refuse(req, res, 404, QUESTION_WORDS.notFound)
      if (!chatContent) return refuse(req, res, 409, QUESTION_WORDS.noStudio)
      const form = formOf(req)
      if (!form) return refuse(req, res, 400, FORGED)
      const again = async (status: number, problem: string) =>
        sendHtml(res, status, answerPage({ base: req.baseUrl, frame, question, id, form, problem, canSave: true, keywords: await keywordsFor(question, form) }))
      if (form.answer.trim() === "") return again(422, QUESTION_WORDS.missingAnswer)
      const author = (req as Request & { studioSession?: { email?: string } }).studioSession?.email ?? "studio"
      const read = await chatContent.read()
      const raw = withOwnerAnswer(read, question, form.answer, rephrasingsOf(form.rephrasings))
      // `read` is the base: a studio save of chat.json meanwhile is merged, never overwritten (studio/merge.ts).
      // The commit names the group by its id, never by its words: git history is kept for good and copied with the site.
      const saved = await chatContent.save(raw, author, `Chat : réponse de maxAi à la question ${id}`, read)
      if (!saved.ok) return again(saved.status, saved.error)
      await store().remove(question.key)
      res.redirect(303, `${req.baseUrl}/?fait=repondue`)
    }),
  )

  router.post(
    "/:id/ignorer",
    handleAsync(async (req, res) => {
      const question = await groupOf(req.params.id ?? "")
      if (!question) return refuse(req, res, 404, QUESTION_WORDS.notFound)
      await store().remove(question.key)
      res.redirect(303, `${req.baseUrl}/?fait=ignoree`)
    }),
  )

  router.use((req, res) => refuse(req, res, 404, QUESTION_WORDS.notFound))
  router.use((error: unknown, req: Request, res: Response, next: NextFunction) => {
    if (res.headersSent) return next(error)
    // The form reader's refusals (too long, too many fields): a forged post, answered in French, never a 500.
    const refused = refusedBody(error)
    if (refused) return refuse(req, res, refused.status, refused.message)
    // The questions' file cut or changed by hand: said on every page of the room, never written over.
    if (error instanceof UnreadableQuestions) return refuse(req, res, error.status, error.message)
    console.error(`questions : ${req.method} ${req.baseUrl}${req.path} a échoué`, error)
    refuse(req, res, 500, "Erreur du serveur : réessayez dans un instant.")
  })
  return router
}

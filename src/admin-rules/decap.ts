/**
 * The few shapes of Decap CMS 3 (its standalone bundle, window.CMS) the studio's rules use: a
 * backend implementation (what `CMS.getBackend(name).init(config)` returns; GitHub's, the
 * in-memory `test-repo`, the proxy), and the React Decap carries (window.h, window.createClass),
 * so the widgets use Decap's own React and this bundle carries none.
 */

/** A tree of Decap's phrases (`editor.editorControlPane.widget.required`…), as its locales hold them. */
export type Phrases = { readonly [key: string]: string | Phrases }

/** A file Decap commits: its repository path and its text (`raw`). */
export type DataFile = {
  readonly path: string
  readonly raw: string
  readonly newPath?: string
  readonly slug?: string
  /** The text the studio loaded and edited (the proxy backend sends it on to the server's merge). */
  readonly base?: string
}

/** A photo Decap uploads (an AssetProxy): its repository path and, when it is new, the file. */
export type Asset = { readonly path: string; readonly fileObj?: Blob }

export type BackendImplementation = {
  getEntry(path: string): Promise<{ data?: string | null }>
  /** The proxy's (and git hosts') reading of several files at once: each with its path and text. */
  entriesByFiles?(files: ReadonlyArray<{ path: string }>): Promise<ReadonlyArray<{ data?: string | null; file?: { path?: string } }>>
  getMedia(folder?: string): Promise<ReadonlyArray<{ path: string }>>
  getMediaFile(path: string): Promise<{ file?: Blob }>
  persistEntry(entry: { dataFiles: DataFile[]; assets: Asset[] }, options: unknown): Promise<unknown>
  persistMedia(file: Asset, options: unknown): Promise<unknown>
  deleteFiles(paths: string[], commitMessage: string): Promise<unknown>
}

/** The proxy backend's own parts (decap-cms-backend-proxy): one POST of `{ action, params }` to the server. */
export type ProxyImplementation = BackendImplementation & {
  request(payload: { action: string; params: Record<string, unknown> }): Promise<unknown>
  readonly branch: string
  readonly mediaFolder: string
}

/** A photo as Decap's media library holds it: `url`/`displayURL` are what its cards and the editor show. */
export type MediaFile = { id: string; name: string; path: string; size: number; url: string; displayURL: string }

/** The part of Decap's configuration that says where saves go. */
export type DecapConfig = { backend: { name: string }; local_backend?: unknown }

/** Decap's record of a backend: `init` makes the implementation for a configuration. */
export type BackendRecord = { init(config: DecapConfig, options: unknown): BackendImplementation }

/** An Immutable.js value as Decap hands it to widgets. */
export type Immutable = { get(key: string): unknown; getIn(path: ReadonlyArray<string>): unknown; toJS(): unknown }

/** What Decap gives a widget's control (the props this studio reads). */
export type ControlProps = {
  readonly value: unknown
  readonly field: Immutable
  readonly forID: string
  readonly classNameWrapper: string
  readonly onChange: (value: unknown) => void
  readonly setActiveStyle: () => void
  readonly setInactiveStyle: () => void
  readonly t: (key: string, values?: Record<string, unknown>) => string
  /** The entry being edited, read when called (its `data`). */
  readonly getEntry: () => Immutable
}

export type ValidationResult = true | { error: { type: string; message: string } }

export type DecapWindow = Window & {
  CMS: {
    getBackend(name: string): BackendRecord | undefined
    registerWidget(name: string, control: unknown, preview?: unknown): void
    /** Decap's phrases for a language (its French comes with its bundle), read and replaced before it starts. */
    getLocale(locale: string): Phrases | undefined
    registerLocale(locale: string, phrases: Phrases): void
  }
  h: (type: string, props: Record<string, unknown> | null, ...children: unknown[]) => unknown
  /** create-react-class: a component from a spec whose methods are bound to it. */
  createClass: (spec: object) => unknown
}

-- The stock book's change log (src/server/stock/book.ts): every change ever made to a garment
-- bought, numbered from 1, dated, never edited nor removed (the triggers below refuse it, so a
-- bug or a hand-made statement cannot rewrite the history the accountant's exports come from).
CREATE TABLE stock_changes (
  seq INTEGER PRIMARY KEY CHECK (seq > 0),
  item INTEGER NOT NULL CHECK (item > 0),
  at TEXT NOT NULL,
  change TEXT NOT NULL CHECK (json_valid(change))
) STRICT;

CREATE INDEX stock_changes_by_item ON stock_changes (item, seq);

CREATE TRIGGER stock_changes_never_updated BEFORE UPDATE ON stock_changes
BEGIN
  SELECT RAISE(ABORT, 'le journal du stock ne se modifie jamais : une erreur se corrige par un nouveau changement');
END;

CREATE TRIGGER stock_changes_never_deleted BEFORE DELETE ON stock_changes
BEGIN
  SELECT RAISE(ABORT, 'le journal du stock ne se modifie jamais : une erreur se corrige par un nouveau changement');
END;

-- What the first start of this version imported from the files of the version before
-- (src/server/database/import-files.ts): one line per kind of record, never imported twice.
CREATE TABLE file_imports (
  kind TEXT PRIMARY KEY,
  at TEXT NOT NULL,
  source TEXT NOT NULL,
  count INTEGER NOT NULL CHECK (count >= 0),
  kept_as TEXT NOT NULL
) STRICT;

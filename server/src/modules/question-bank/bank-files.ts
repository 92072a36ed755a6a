import { BANK_FILE_SCHEME } from '@invigil/shared/api/question-bank';
import type { BankFile } from '@invigil/shared/api/question-bank';
import type { ImportQuestion } from '@invigil/shared/api/test-import';
import type { BlobStore } from '../../platform/storage/blob-store';
import { PUBLIC_BLOB_PREFIX } from '../../platform/storage/blob-routes';
import { mathmlToTex, mimeOf, texToMathml } from './formats/common';

/**
 * The bank's images (and other embedded files): stored once by the SHA-256 of their bytes in the
 * blob store's public area, `public/bank/<sha256>.<ext>`, so their URL never changes and a test
 * that shows the question later shows the same image. The names cannot be guessed (64 hex).
 */
const EXTENSIONS: Record<string, string> = {
  'image/png': 'png',
  'image/jpeg': 'jpg',
  'image/gif': 'gif',
  'image/webp': 'webp',
  'image/svg+xml': 'svg',
  'audio/mpeg': 'mp3',
  'audio/wav': 'wav',
  'video/mp4': 'mp4',
  'application/pdf': 'pdf',
};

const STORED_URL = new RegExp(`${PUBLIC_BLOB_PREFIX}/bank/([0-9a-f]{64})\\.([a-z0-9]{2,5})`, 'g');
const PLACEHOLDER = new RegExp(`${BANK_FILE_SCHEME}([0-9a-f]{64})`, 'g');

/** Every HTML field of a question through `map`. */
export function mapQuestionHtml(question: ImportQuestion, map: (html: string) => string): ImportQuestion {
  return {
    ...question,
    text: map(question.text),
    options: Object.fromEntries(Object.entries(question.options).map(([label, html]) => [label, map(html)])),
    solution: question.solution === null ? null : map(question.solution),
    extra: question.extra === null ? null : map(question.extra),
  };
}

/**
 * The question as stored and shown to students: TeX between \( \), \[ \] or $$ $$ as MathML in
 * every HTML field. A formula that cannot be read is kept as TeX and described in `problems`.
 */
export function questionToMathml(question: ImportQuestion, problems: string[]): ImportQuestion {
  return mapQuestionHtml(question, (html) => texToMathml(html, problems));
}

/** The question as an editor edits it: MathML made from TeX given back as its TeX. */
export function questionToTex(question: ImportQuestion): ImportQuestion {
  return mapQuestionHtml(question, mathmlToTex);
}

export function storedFileUrl(file: Pick<BankFile, 'sha256' | 'mime' | 'name'>): string | null {
  const ext = EXTENSIONS[file.mime];
  return ext ? `${PUBLIC_BLOB_PREFIX}/bank/${file.sha256}.${ext}` : null;
}

/** Stores an import's files and gives the function that puts their URLs in place of `bank-file:` placeholders. */
export async function storeFiles(blobs: BlobStore, files: readonly BankFile[]): Promise<(html: string) => string> {
  const urls = new Map<string, string>();
  for (const file of files) {
    const url = storedFileUrl(file);
    if (!url) continue;
    await blobs.putBytes(`public${url.slice(PUBLIC_BLOB_PREFIX.length)}`, file.bytes, file.mime);
    urls.set(file.sha256, url);
  }
  return (html) => html.replace(PLACEHOLDER, (whole, sha: string) => urls.get(sha) ?? whole);
}

/** The stored files a question's HTML shows, read back as BankFiles, and its HTML with placeholders (the export). */
export async function collectFiles(blobs: BlobStore, questions: readonly ImportQuestion[]): Promise<{ questions: ImportQuestion[]; files: BankFile[] }> {
  const files = new Map<string, BankFile>();
  const wanted = new Map<string, string>();
  for (const question of questions) {
    mapQuestionHtml(question, (html) => {
      for (const match of html.matchAll(STORED_URL)) wanted.set(match[1] as string, match[2] as string);
      return html;
    });
  }
  for (const [sha256, ext] of wanted) {
    const key = `public/bank/${sha256}.${ext}`;
    const size = await blobs.size(key);
    if (size === undefined) continue;
    const bytes = await blobs.readHead(key, size);
    if (!bytes) continue;
    const name = `${sha256.slice(0, 12)}.${ext}`;
    files.set(sha256, { name, mime: mimeOf(name), bytes, sha256 });
  }
  const toPlaceholders = (html: string) => html.replace(STORED_URL, (whole, sha: string) => (files.has(sha) ? `${BANK_FILE_SCHEME}${sha}` : whole));
  return { questions: questions.map((question) => mapQuestionHtml(question, toPlaceholders)), files: [...files.values()] };
}

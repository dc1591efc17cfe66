// Fake backends and pages for Gemini, Perplexity, DeepSeek and Le Chat (#24), as sites.ts has them for ChatGPT and
// Claude, and the pages of #36's six sites (their backends are in round-two.ts): each site's own JSON (where Engram reads it) and reply request, answered per conversation from a mutable
// table; the hand-made pages of test/fixtures/pages, so the suite runs on a fresh clone; and, in each page, a
// stand-in for the site's editor that keeps its own copy of the text from the input events the browser sends
// while typing, as Quill, Lexical, ProseMirror and React do. A block written into the DOM any other way would not
// reach it.
import { fixture } from './harness';
import { json, parents, type FakeConversation, type FakeResponse, type FakeSite } from './sites';

const at = (i: number) => new Date(Date.UTC(2026, 9, 1, 10, i)).toISOString();
const answers = (c: FakeConversation) => c.turns.filter((t) => t.role === 'assistant');

export const gemini: FakeSite<'gemini'> = {
  site: 'gemini',
  origin: 'https://gemini.google.com',
  url: (id) => `https://gemini.google.com/app/${id}`,
  replyPath: () => '/_/BardChatUi/data/assistant.lamda.BardFrontendService/StreamGenerate?bl=boq&_reqid=1',
  replyBody: (id) => `)]}'\n123\n[["wrb.fr",null,"[null,[\\"c_${id}\\",\\"r_${id}\\"]]"]]\n`,
  isReply: (url) => url.pathname.endsWith('/StreamGenerate'),
  // Gemini's conversation data is not read (lib/sites/gemini/adapter.ts): no JSON endpoint.
  json: () => null,
  body: () => null,
  conversations: new Map(),
};

/** The signed-in account's id, as GET /api/auth/session names it and thread entries name their author. */
export const PERPLEXITY_ME = 'me-4f2a';

/**
 * GET /rest/thread/<slug>: one entry per query and its answer, the Space, the incognito flag and the author on the
 * entries.
 */
function perplexityThread(id: string, c: FakeConversation): unknown {
  const entries = answers(c).map((answer, i) => ({
    uuid: `${answer.id}-entry`,
    backend_uuid: answer.id,
    query_str: c.turns[c.turns.indexOf(answer) - 1]?.text ?? '',
    thread_title: 'Fake thread',
    status: 'COMPLETED',
    entry_created_datetime: at(i),
    blocks: [{ intended_usage: 'ask_text', markdown_block: { answer: answer.text } }],
    collection_info: c.project
      ? { uuid: 'space-uuid', slug: `trip-${c.project.id}`, title: c.project.name }
      : null,
    is_incognito: !!c.private,
    author_id: c.author ?? PERPLEXITY_ME,
  }));
  return { status: 'success', entries, has_next_page: false, next_cursor: null, thread_url_slug: id };
}

export const perplexity: FakeSite<'perplexity'> = {
  site: 'perplexity',
  origin: 'https://www.perplexity.ai',
  url: (id) => `https://www.perplexity.ai/search/${id}`,
  replyPath: () => '/rest/sse/perplexity_ask',
  replyBody: (id) =>
    `event: message\ndata: {"thread_url_slug":"${id}","status":"COMPLETED"}\n\nevent: end_of_stream\ndata: {}\n\n`,
  isReply: (url) => url.pathname === '/rest/sse/perplexity_ask',
  json: (url, conversation) => {
    if (url.pathname === '/api/auth/session')
      return json({ user: { id: PERPLEXITY_ME }, expires: '2027-01-01' });
    const slug = /^\/rest\/thread\/([^/]+)$/.exec(url.pathname)?.[1];
    return slug ? conversation(decodeURIComponent(slug)) : null;
  },
  body: perplexityThread,
  conversations: new Map(),
};

/** GET /api/v0/chat/history_messages?chat_session_id=<id>: the session and its messages, REQUEST/RESPONSE. */
function deepseekHistory(id: string, c: FakeConversation): unknown {
  const parent = parents(c.turns);
  const chat_messages = c.turns.map((t, i) => ({
    message_id: t.id,
    parent_id: parent.get(t.id) ?? null,
    role: t.role === 'user' ? 'USER' : 'ASSISTANT',
    status: 'FINISHED',
    inserted_at: 1_790_000_000 + i,
    fragments: [{ type: t.role === 'user' ? 'REQUEST' : 'RESPONSE', content: t.text }],
  }));
  const chat_session = {
    id,
    title: 'Fake chat',
    current_message_id: c.current ?? c.turns.at(-1)?.id ?? null,
  };
  return { code: 0, msg: '', data: { biz_code: 0, biz_msg: '', biz_data: { chat_session, chat_messages } } };
}

export const deepseek: FakeSite<'deepseek'> = {
  site: 'deepseek',
  origin: 'https://chat.deepseek.com',
  url: (id) => `https://chat.deepseek.com/a/chat/s/${id}`,
  replyPath: () => '/api/v0/chat/completion',
  replyBody: () => 'data: {"v":"FINISHED","p":"response/status"}\n\n',
  isReply: (url) => url.pathname === '/api/v0/chat/completion',
  json: (url, conversation) =>
    url.pathname === '/api/v0/chat/history_messages'
      ? conversation(url.searchParams.get('chat_session_id') ?? '')
      : null,
  body: deepseekHistory,
  conversations: new Map(),
};

/** The tRPC batch chat.byId + message.all, one {result: {data: {json}}} per procedure. */
function lechatBatch(id: string, c: FakeConversation): unknown {
  const chat = { id, title: 'Fake chat', incognito: !!c.private, projectId: c.project?.id ?? null };
  const items = c.turns.map((t, i) => ({
    id: t.id,
    role: t.role,
    content: t.text,
    contentChunks: [{ type: 'text', text: t.text }],
    createdAt: at(i),
    chatId: id,
  }));
  const messages = c.failing
    ? { error: { json: { message: 'Internal server error', code: -32603 } } }
    : { result: { data: { json: { items, nextCursor: null } } } };
  return [{ result: { data: { json: chat } } }, messages];
}

export const lechat: FakeSite<'lechat'> = {
  site: 'lechat',
  origin: 'https://chat.mistral.ai',
  url: (id) => `https://chat.mistral.ai/chat/${id}`,
  replyPath: () => '/api/chat',
  replyBody: () => '0:"Bonjour"\nd:{"finishReason":"stop"}\n',
  isReply: (url) => url.pathname === '/api/chat',
  json: (url, conversation): FakeResponse => {
    if (url.pathname !== '/api/trpc/chat.byId,message.all') return null;
    const input = JSON.parse(url.searchParams.get('input') ?? '{}') as { 0?: { json?: { id?: string } } };
    return conversation(input[0]?.json?.id ?? '');
  },
  body: lechatBatch,
  conversations: new Map(),
};

/**
 * Each site's hand-made page, its composer, and how many turns its page gives; `unread`: messages on it the reader
 * cannot attribute (one per page of #36's sites, each a failure class the page reports instead of reading).
 */
export const PAGES = {
  gemini: { file: 'pages/gemini-answers.html', composer: '.ql-editor', turns: 8, unread: 0 },
  perplexity: { file: 'pages/perplexity-answers.html', composer: '#ask-input', turns: 8, unread: 0 },
  deepseek: { file: 'pages/deepseek-answers.html', composer: 'textarea', turns: 7, unread: 0 },
  lechat: { file: 'pages/lechat-answers.html', composer: '.ProseMirror', turns: 6, unread: 0 },
  grok: { file: 'pages/grok-answers.html', composer: '.ProseMirror', turns: 3, unread: 1 },
  copilot: { file: 'pages/copilot-answers.html', composer: '#userInput', turns: 4, unread: 1 },
  aistudio: {
    file: 'pages/aistudio-answers.html',
    composer: 'ms-prompt-input-wrapper textarea',
    turns: 4,
    unread: 1,
  },
  qwen: { file: 'pages/qwen-answers.html', composer: 'textarea.message-input-textarea', turns: 3, unread: 1 },
  kimi: { file: 'pages/kimi-answers.html', composer: '.chat-input-editor', turns: 4, unread: 1 },
  meta: { file: 'pages/meta-answers.html', composer: 'form [contenteditable="true"]', turns: 4, unread: 1 },
} as const;

export const FIRST_USER = {
  gemini: 'How do I print in Elixir?\nJust one line, please.',
  perplexity: 'Is Lisbon sunny in May?',
  deepseek: 'My balcony faces north.\nWhat herbs will grow there?',
  lechat: 'I bake on Saturdays.\nWhen should I feed my starter?',
  grok: 'My balcony faces north.\n\nWhich herbs will grow there?',
  copilot: 'I bake on Saturdays.\nWhen should I feed my starter?',
  aistudio: 'I bake on Saturdays.\n\nWhen should I feed my starter?',
  qwen: 'My balcony faces north.\nWhich herbs will grow there?',
  kimi: 'I bake on Saturdays.\nWhen should I feed my starter?',
  meta: 'My balcony faces north.\nWhich herbs will grow there?',
} as const;

export type NewSite = keyof typeof PAGES;

/**
 * The page's editor stand-in: its text is what the browser's input events carried into the composer (a textarea's
 * value, an editor's text), with each event's type and whether the browser raised it (`isTrusted`).
 */
const EDITOR = (selector: string) => `<script>
  window.__editor = { text: '', inputs: [] };
  addEventListener('DOMContentLoaded', () => {
    const box = document.querySelector(${JSON.stringify(selector)});
    box.addEventListener('input', (e) => {
      window.__editor.inputs.push({ type: e.inputType, trusted: e.isTrusted });
      window.__editor.text = box.localName === 'textarea' ? box.value : box.innerText;
    });
  });
</script>`;

/** Tokens pages keep in localStorage, where Engram reads them for the site's own JSON (DeepSeek's, Qwen's). */
const TOKENS: Partial<Record<NewSite, string>> = {
  deepseek: `<script>localStorage.setItem('userToken', JSON.stringify({ value: 'test-token' }));</script>`,
  qwen: `<script>localStorage.setItem('token', 'qwen-token');</script>`,
};

/** A site's hand-made page with its editor stand-in (and its token), `edit` applied to the markup. */
export function sitePage(site: NewSite, edit: (html: string) => string = (html) => html): string {
  const head = EDITOR(PAGES[site].composer) + (TOKENS[site] ?? '');
  return edit(fixture(PAGES[site].file)).replace('</head>', `${head}</head>`);
}

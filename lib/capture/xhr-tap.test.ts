// The XHR seam of the tap (#24): Gemini and DeepSeek stream replies over XMLHttpRequest. Like the fetch tap
// (tap.test.ts): the page's request goes out unchanged, at once and once; only the finished text is read.
import { describe, expect, test, vi } from 'vitest';
import { deepseek } from '../sites/deepseek/site';
import { gemini } from '../sites/gemini/site';
import type { ReplyFinished } from './tap-protocol';
import { installXhrTap } from './xhr-tap';

/** An XMLHttpRequest stand-in that records what reaches it and ends when the test says. */
function fakeXhrClass() {
  const calls: { what: 'open' | 'send'; xhr: FakeXhr; args: unknown[] }[] = [];
  class FakeXhr extends EventTarget {
    responseType: XMLHttpRequestResponseType = '';
    responseText = '';
    open(...args: unknown[]) {
      calls.push({ what: 'open', xhr: this, args });
    }
    send(...args: unknown[]) {
      calls.push({ what: 'send', xhr: this, args });
    }
    finish(text: string) {
      this.responseText = text;
      this.dispatchEvent(new Event('loadend'));
    }
  }
  return { FakeXhr, calls };
}

function tapped(origin: string, pattern = gemini.reply) {
  const { FakeXhr, calls } = fakeXhrClass();
  const posts: ReplyFinished[] = [];
  const win = {
    XMLHttpRequest: FakeXhr as unknown as typeof XMLHttpRequest,
    location: { origin, href: origin },
  };
  const originals = { open: FakeXhr.prototype.open, send: FakeXhr.prototype.send };
  const uninstall = installXhrTap(win, pattern, (m) => posts.push(m));
  return { FakeXhr, calls, posts, uninstall, originals };
}

const STREAM = '/_/BardChatUi/data/assistant.lamda.BardFrontendService/StreamGenerate?bl=boq&_reqid=1';
const CHUNK = ')]}\'\n123\n[["wrb.fr",null,"[null,[\\"c_6cc71b18a6f630bb\\",\\"r_6cc71b18a6f630bb\\"]]"]]';

describe('XHR tap', () => {
  test('a Gemini reply: open and send reach the page’s XHR unchanged and at once; its end names the chat', () => {
    const { FakeXhr, calls, posts } = tapped('https://gemini.google.com');
    const xhr = new FakeXhr();
    const pageSawEnd = vi.fn();
    xhr.addEventListener('loadend', pageSawEnd);
    xhr.open('POST', STREAM, true);
    xhr.send('f.req=%5B%5D&at=token');
    expect(calls.map((c) => [c.what, c.xhr === xhr, c.args])).toEqual([
      ['open', true, ['POST', STREAM, true]],
      ['send', true, ['f.req=%5B%5D&at=token']],
    ]);
    expect(posts).toEqual([]);
    xhr.finish(CHUNK);
    expect(pageSawEnd).toHaveBeenCalledTimes(1);
    expect(posts).toEqual([{ conversationId: '6cc71b18a6f630bb', private: false }]);
    expect(calls).toHaveLength(2); // nothing sent again
  });

  test('a DeepSeek reply: the id is left to the page URL', () => {
    const { FakeXhr, posts } = tapped('https://chat.deepseek.com', deepseek.reply);
    const xhr = new FakeXhr();
    xhr.open('POST', '/api/v0/chat/completion');
    xhr.send('{"chat_session_id":"x"}');
    xhr.finish('data: {"v":"Hi"}\n\n');
    expect(posts).toEqual([{ conversationId: null, private: false }]);
  });

  test('ignores other calls, and never reads a response that is not text', () => {
    const { FakeXhr, posts } = tapped('https://gemini.google.com');
    const other = [
      ['GET', STREAM],
      ['POST', '/_/BardChatUi/data/batchexecute?rpcids=MaZiqc'],
      ['POST', `https://evil.example${STREAM}`],
    ];
    for (const [method, url] of other) {
      const xhr = new FakeXhr();
      xhr.open(method, url);
      xhr.send(null);
      xhr.finish(CHUNK);
    }
    const binary = new FakeXhr();
    binary.responseType = 'arraybuffer';
    Object.defineProperty(binary, 'responseText', {
      get: () => {
        throw new DOMException('not text', 'InvalidStateError');
      },
    });
    binary.open('POST', STREAM);
    binary.send(null);
    binary.dispatchEvent(new Event('loadend'));
    expect(posts).toEqual([{ conversationId: null, private: false }]);
  });

  test('survives its own exceptions: a bad URL and a failing post still reach the page’s XHR', () => {
    const { FakeXhr, calls } = fakeXhrClass();
    const win = {
      XMLHttpRequest: FakeXhr as unknown as typeof XMLHttpRequest,
      location: { origin: 'https://gemini.google.com', href: 'https://gemini.google.com/app' },
    };
    installXhrTap(win, gemini.reply, () => {
      throw new Error('tap bug');
    });
    const bad = new FakeXhr();
    bad.open('POST', 'http://[bad');
    bad.send('x');
    const reply = new FakeXhr();
    reply.open('POST', STREAM);
    reply.send('x');
    expect(() => reply.finish(CHUNK)).not.toThrow();
    expect(calls.map((c) => c.what)).toEqual(['open', 'send', 'open', 'send']);
  });

  test('uninstalling restores the original open and send', () => {
    const { FakeXhr, uninstall, originals } = tapped('https://gemini.google.com');
    expect(FakeXhr.prototype.open).not.toBe(originals.open);
    uninstall();
    expect(FakeXhr.prototype.open).toBe(originals.open);
    expect(FakeXhr.prototype.send).toBe(originals.send);
  });
});

// Token counting with o200k_base. Background only: the encoder costs ~1 s to build (DEVELOPERS.md), so it
// is built lazily once, and each memory's count is stored at write time (#2, #5).
import { Tiktoken } from 'js-tiktoken/lite';

let encoder: Promise<Tiktoken> | undefined;

function load(): Promise<Tiktoken> {
  encoder ??= import('js-tiktoken/ranks/o200k_base').then((ranks) => new Tiktoken(ranks.default));
  return encoder;
}

export async function countTokens(text: string): Promise<number> {
  return (await load()).encode(text).length;
}

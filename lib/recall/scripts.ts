// Words of scripts written without spaces between words (#28). Japanese and Chinese run words together
// ("私は大阪に住んでいて、毎朝抹茶を飲みます。" is one run of letters) and Korean glues particles to nouns
// ("호텔을", "호텔이"), so a whole run never equals the noun a draft shares with it. Such runs become
// overlapping character pairs, as Lucene's CJK analyzer does: "抹茶を飲みます" holds the pair 抹茶, and
// "호텔을" holds 호텔, which "호텔이" holds too. Japanese runs are first cut where the script changes, so a
// kanji noun is not paired with the kana after it. Hiragana is left out (as Elasticsearch's cjk_bigram with
// ignored_scripts: hiragana): it writes particles, endings and auxiliaries (は, を, ています), whose pairs
// matched every Japanese turn (eval:languages: 腎臓の検査はいくらくらいかかりますか ranked a ryokan turn first on
// いく, くら, ます); a word written in hiragana alone is not found. Everything else goes to `other`.

const SPACELESS = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]/u;
// One alternative per script: which group matched says the script. The prolonged sound mark (ー) is
// katakana in use though its Unicode script is Common.
const RUNS =
  /(\p{Script=Han}+)|(\p{Script=Hiragana}+)|([\p{Script=Katakana}ー]+)|(\p{Script=Hangul}+)|([^\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}ー]+)/gu;
const HIRAGANA = 2;
const OTHER = 5;

// Pairs inside Korean verb endings and particles (polite -요 forms, -습니다, -는데, 으로, 에서): as common as
// hiragana is in Japanese, they made "알려 주세요" match every polite request (eval:languages).
const KOREAN_GRAMMAR = new Set(
  (
    '어요 아요 해요 세요 주세 예요 에요 이에 네요 나요 까요 할까 을까 지요 군요 니다 습니 합니 입니 있습 ' +
    '었어 았어 했어 겠어 있어 없어 는데 은데 지만 으면 려면 어서 아서 해서 하고 하는 하면 으로 에서 에게 한테 부터 까지'
  ).split(' '),
);

export const hasSpaceless = (word: string) => SPACELESS.test(word);

function pairs(run: string, out: string[]): void {
  const chars = [...run];
  if (chars.length === 1) {
    out.push(run);
    return;
  }
  chars.slice(1).forEach((next, i) => {
    const pair = `${chars[i] ?? ''}${next}`;
    if (!KOREAN_GRAMMAR.has(pair)) out.push(pair);
  });
}

/** Splits one letter run into script runs: pairs for the spaceless scripts, `other` for the rest. */
export function spacelessTerms(word: string, out: string[], other: (part: string) => void): void {
  for (const m of word.matchAll(RUNS)) {
    const script = m.findIndex((group, i) => i > 0 && group !== undefined);
    if (script === OTHER) other(m[0]);
    else if (script !== HIRAGANA) pairs(m[0], out);
  }
}

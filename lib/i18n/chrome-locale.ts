/** Chrome's `_locales` folder name for a BCP 47 code: "zh-CN" → "zh_CN", "pt-BR" → "pt_BR". */
export const chromeLocale = (code: string) => code.replace('-', '_');

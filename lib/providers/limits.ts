// What one request to each kind of model may hold (#12: jobs are cut to fit; 40 long turns once made a single
// 4.3-million-character request, and WebLLM's 4,096-token window failed every such job).
import type { ModelLimits } from './types';

/**
 * API models (gpt-4o-mini 128k, Claude 200k): the window is never the limit; jobs are capped by
 * lib/pipeline/budget.ts instead, so the tokenizer margin does not matter. The answer reserve matches
 * Anthropic's max_tokens (anthropic.ts).
 */
export const API_LIMITS: ModelLimits = { contextTokens: 128_000, outputTokens: 4096, tokenizerMargin: 0 };

/**
 * Every WebLLM model we offer (gpu.ts) has a 4,096-token window in web-llm 0.2.86's prebuilt config
 * (context_window_size). The answer is capped at 1,024 tokens (about ten memories); Llama and Qwen
 * tokenizers may count up to ~15% more than our o200k counts.
 */
export const WEBLLM_LIMITS: ModelLimits = { contextTokens: 4096, outputTokens: 1024, tokenizerMargin: 0.15 };

/**
 * A server on this machine or the local network (Ollama, LM Studio, llama.cpp): Ollama gives a model a 4k
 * window on machines under 24 GiB of VRAM (its docs, "Context length") and silently cuts a longer prompt, so
 * jobs are sized for 4,096 tokens there and the answer is capped to what was kept free.
 */
export const LOCAL_LIMITS: ModelLimits = WEBLLM_LIMITS;

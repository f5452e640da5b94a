/**
 * ai-chat: the purchasing assistant of /compras, /cotacoes and /itens-vitoriosos (spec §2, §7). Body
 * { message, context } (context compras, cotacoes or itens-vitoriosos); answer { response } in Portuguese, ending
 * with the data it used (tool, filters, rows).
 *
 * The caller is whoever the JWT says (verify_jwt = true: the gateway checked its signature); GoTrue confirms the
 * account (401 without one, 403 for a disabled one). public.ai_chat_open, called with the caller's own JWT, checks
 * the right to use the assistant (ADMIN or ADMIN_ACCESS on an active account: 403), the message (400) and the rate
 * limit of 20 questions a minute (429), and logs the question; the answer is logged by public.ai_chat_close. The
 * question is answered by the built-in intent recognition (intents.ts) and one tool (tools.ts), which reads the
 * database with the caller's JWT: the same RLS and RPC checks as the screens. Read-only: it never awards, orders or
 * changes anything. No service-role key is used.
 *
 * Answers: 200 { response, tool, filters, rows }; 4xx/5xx { error: <Portuguese message>, code }.
 */
import { createClient, type SupabaseClient } from 'npm:@supabase/supabase-js@2.119.1';
import { z } from 'npm:zod@4.6.7';
import { CORS_HEADERS, env, json, Refusal } from '../_shared/http.ts';
import { CAPABILITIES, recognize, type Intent } from './intents.ts';
import { saoPauloDay } from './format.ts';
import { answerWithModel, modelConfigFrom } from './model.ts';
import { runTool, TOOL_LABELS, ToolError, type ToolContext, type ToolResult } from './tools.ts';

/** The longest question accepted (the database's limit too). */
export const MAX_MESSAGE_LENGTH = 500;

const MESSAGES = {
  unauthenticated: 'Sessão inválida ou expirada. Faça login novamente.',
  disabled: 'Sua conta está desativada. Procure o administrador do sistema.',
  forbidden: 'Você não tem permissão para usar o assistente de compras',
  invalidBody: 'Requisição inválida.',
  blank: 'Digite uma pergunta',
  tooLong: `A pergunta deve ter no máximo ${MAX_MESSAGE_LENGTH} caracteres`,
  context: 'Contexto desconhecido: use compras, cotacoes ou itens-vitoriosos',
  rateLimited: 'Muitas perguntas em pouco tempo. Aguarde um minuto e tente novamente.',
  toolFailed: 'Não foi possível consultar os dados agora. Tente novamente.',
  failed: 'Não foi possível responder agora. Tente novamente.',
} as const;

const bodySchema = z.object({
  message: z.string({ error: MESSAGES.blank }).trim().min(1, MESSAGES.blank).max(MAX_MESSAGE_LENGTH, MESSAGES.tooLong),
  context: z.enum(['compras', 'cotacoes', 'itens-vitoriosos'], { error: MESSAGES.context }),
});

interface Caller {
  id: string;
  client: SupabaseClient;
}

async function callerOf(req: Request): Promise<Caller> {
  const authorization = req.headers.get('Authorization') ?? '';
  const client = createClient(env('SUPABASE_URL'), env('SUPABASE_ANON_KEY'), {
    auth: { persistSession: false, autoRefreshToken: false },
    global: { headers: { Authorization: authorization } },
  });
  const token = authorization.replace(/^Bearer\s+/i, '');
  const { data, error } = await client.auth.getUser(token);
  if (error?.code === 'user_banned') throw new Refusal(403, 'account_disabled', MESSAGES.disabled);
  if (error || !data.user) throw new Refusal(401, 'unauthenticated', MESSAGES.unauthenticated);
  return { id: data.user.id, client };
}

/** The database's refusal of a question, as the caller reads it. */
function openRefusal(error: { message: string; code?: string }): Refusal {
  if (error.code === '42501') return new Refusal(403, 'forbidden', error.message || MESSAGES.forbidden);
  if (error.code === 'PT429') return new Refusal(429, 'rate_limited', MESSAGES.rateLimited);
  if (error.code === '22023') return new Refusal(400, 'invalid_body', error.message);
  return new Refusal(500, 'failed', MESSAGES.failed);
}

/** The answer's last line: what data it was written from. */
function footer(tool: string, result: ToolResult): string {
  const filters = Object.entries(result.filters).map(([name, value]) => `${name}: ${value}`);
  const rows = result.rows === 1 ? '1 linha' : `${result.rows} linhas`;
  return `_Dados usados: ${[tool, ...filters, rows].join(' · ')}._`;
}

interface Reply {
  text: string;
  tool: string | null;
  result: ToolResult | null;
  source: 'built-in' | 'model';
}

/** What the tools need: the caller's client and, for a representative, its supplier (its own figures only). */
async function toolContext(caller: Caller, now: Date, today: string): Promise<ToolContext> {
  const profile = await caller.client.from('profiles').select('supplier_id').eq('id', caller.id).maybeSingle();
  if (profile.error) throw new ToolError(profile.error.message, profile.error.code ?? null);
  return { client: caller.client, supplierId: (profile.data?.supplier_id as string | null | undefined) ?? null, now, today };
}

/** The built-in answer: the recognized intent's tool, or the list of what the assistant can answer. */
async function builtInAnswer(ctx: () => Promise<ToolContext>, intent: Intent | null): Promise<Reply> {
  if (!intent) {
    const list = CAPABILITIES.map((line) => `- ${line}`).join('\n');
    return { text: `Não entendi a pergunta. Posso responder sobre:\n\n${list}`, tool: null, result: null, source: 'built-in' };
  }
  const result = await runTool(await ctx(), intent);
  return { text: `${result.text}\n\n${footer(TOOL_LABELS[intent.tool], result)}`, tool: intent.tool, result, source: 'built-in' };
}

/**
 * The model's answer when one is configured (the tools it calls run as the built-in ones do), ending with the data
 * each tool used; null when the model fails in any way (the caller then answers built-in).
 */
async function modelAnswer(ctx: () => Promise<ToolContext>, message: string, today: string, suppliers: readonly string[]): Promise<Reply | null> {
  const config = modelConfigFrom((name) => Deno.env.get(name));
  if (!config) return null;
  const runs: { tool: string; result: ToolResult }[] = [];
  try {
    const context = await ctx();
    const outcome = await answerWithModel(config, message, today, suppliers, async (intent) => {
      const result = await runTool(context, intent);
      runs.push({ tool: intent.tool, result });
      return result.text;
    });
    const footers = runs.map((run) => footer(TOOL_LABELS[run.tool as keyof typeof TOOL_LABELS], run.result)).join('\n');
    const rows = runs.reduce((sum, run) => sum + run.result.rows, 0);
    return {
      text: `${outcome.text}\n\n${footers}`,
      tool: runs.map((run) => run.tool).join(',').slice(0, 60),
      result: { text: outcome.text, rows, filters: runs[0]?.result.filters ?? {} },
      source: 'model',
    };
  } catch (error) {
    // A refusal of the caller's rights is the answer, whoever asked the tool; anything else falls back.
    if (error instanceof ToolError && error.code === '42501') throw error;
    console.warn('ai-chat model failed; answering built-in', error instanceof Error ? error.message : error);
    return null;
  }
}

Deno.serve(async (req) => {
  if (req.method === 'OPTIONS') return new Response('ok', { headers: CORS_HEADERS });
  if (req.method !== 'POST') return json(405, { error: MESSAGES.invalidBody, code: 'method_not_allowed' });
  try {
    const caller = await callerOf(req);
    let raw: unknown;
    try {
      raw = await req.json();
    } catch {
      throw new Refusal(400, 'invalid_body', MESSAGES.invalidBody);
    }
    const parsed = bodySchema.safeParse(raw);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      return json(400, { error: issue?.message ?? MESSAGES.invalidBody, code: 'invalid_body', field: issue?.path.join('.') ?? null });
    }
    const { message, context } = parsed.data;

    const opened = await caller.client.rpc('ai_chat_open', { p_context: context, p_question: message });
    if (opened.error) throw openRefusal(opened.error);
    const questionId = opened.data as string;

    const now = new Date();
    const today = saoPauloDay(now);
    const suppliers = await caller.client.from('suppliers').select('name');
    const names = suppliers.error ? [] : (suppliers.data as { name: string }[]).map((s) => s.name);
    const intent = recognize(message, today, names);

    let contextPromise: Promise<ToolContext> | null = null;
    const ctx = () => (contextPromise ??= toolContext(caller, now, today));
    let reply: Reply;
    try {
      reply = (await modelAnswer(ctx, message, today, names)) ?? (await builtInAnswer(ctx, intent));
    } catch (error) {
      const refused = error instanceof ToolError && error.code === '42501';
      const text = refused ? `Você não tem acesso a esses dados: ${error.message}` : MESSAGES.toolFailed;
      if (!refused) console.error('ai-chat tool failed', error);
      await caller.client.rpc('ai_chat_close', {
        p_id: questionId, p_answer: text, p_tool: intent?.tool ?? null, p_filters: null, p_row_count: 0, p_source: 'built-in',
      });
      if (refused) return json(200, { response: text, tool: intent?.tool ?? null, filters: {}, rows: 0 });
      return json(502, { error: MESSAGES.toolFailed, code: 'tool_failed' });
    }

    const closed = await caller.client.rpc('ai_chat_close', {
      p_id: questionId,
      p_answer: reply.text,
      p_tool: reply.tool,
      p_filters: reply.result?.filters ?? null,
      p_row_count: reply.result?.rows ?? 0,
      p_source: reply.source,
    });
    if (closed.error) console.error('ai-chat log failed', closed.error.message);
    return json(200, { response: reply.text, tool: reply.tool, filters: reply.result?.filters ?? {}, rows: reply.result?.rows ?? 0 });
  } catch (error) {
    if (error instanceof Refusal) return json(error.status, { error: error.message, code: error.code });
    console.error('ai-chat failed', error);
    return json(500, { error: MESSAGES.failed, code: 'failed' });
  }
});

/** Sends a question to the ai-chat edge function (spec §7: body {message, context}, the answer in `response`). */
import { useMutation } from '@tanstack/react-query';
import { z } from 'zod';
import { supabase } from '@/lib/supabase';
import type { AssistantContext } from '@/features/ai-assistant/conversation';

const answerSchema = z.object({ response: z.string() });

/** The assistant's answer; any refusal or failure throws (the panel shows §8's toast and keeps the text). */
export async function askAssistant(message: string, context: AssistantContext): Promise<string> {
  const { data, error } = await supabase.functions.invoke<unknown>('ai-chat', { body: { message, context } });
  if (error) throw error;
  return answerSchema.parse(data).response;
}

export function useAskAssistant(context: AssistantContext) {
  return useMutation({ mutationFn: (message: string) => askAssistant(message, context) });
}

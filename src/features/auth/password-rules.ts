/**
 * The password rules of supabase/config.toml (`minimum_password_length = 8`,
 * `password_requirements = "lower_upper_letters_digits"`), checked in the forms so the user
 * hears every missing piece before the server refuses with 422 weak_password.
 */
import * as z from 'zod/mini';

export const MIN_PASSWORD_LENGTH = 8;

/** What a password still lacks, in Portuguese, in the order the hint reads. */
export function missingPasswordParts(password: string): string[] {
  const missing: string[] = [];
  if (password.length < MIN_PASSWORD_LENGTH) missing.push(`pelo menos ${MIN_PASSWORD_LENGTH} caracteres`);
  if (!/[a-z]/.test(password)) missing.push('uma letra minúscula');
  if (!/[A-Z]/.test(password)) missing.push('uma letra maiúscula');
  if (!/[0-9]/.test(password)) missing.push('um número');
  return missing;
}

function joinPt(parts: string[]): string {
  return parts.length <= 1 ? (parts[0] ?? '') : `${parts.slice(0, -1).join(', ')} e ${parts.at(-1)}`;
}

/** 'A senha deve ter pelo menos 8 caracteres, uma letra maiúscula e um número.' */
export function passwordRuleMessage(password: string): string {
  return `A senha deve ter ${joinPt(missingPasswordParts(password))}.`;
}

/** The new-password field of every form that sets one (register, change, reset). */
export const newPasswordField = z
  .string()
  .check(z.refine((value) => missingPasswordParts(value).length === 0, { error: (issue) => passwordRuleMessage(String(issue.input)) }));

/** Shown under the field before the user types: the rule itself. */
export const PASSWORD_RULE_HINT = 'Pelo menos 8 caracteres, com letras minúsculas, maiúsculas e números.';

/** The e-mails the auth service sends, in Portuguese (pt-BR), as the project's mail templates would. */
import type { MailMessage } from '../context.ts';

export type MailKind = 'recovery' | 'signup' | 'invite' | 'magiclink' | 'email_change_current' | 'email_change_new' | 'reauthentication';

function escapeHtml(value: string): string {
  return value.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;').replaceAll('"', '&quot;').replaceAll("'", '&#39;');
}

const COPY: Record<MailKind, { subject: string; heading: string; intro: string; button: string }> = {
  recovery: {
    subject: 'Redefinição de senha',
    heading: 'Redefinição de senha',
    intro: 'Recebemos um pedido para redefinir a senha da sua conta. Clique no botão abaixo para escolher uma nova senha.',
    button: 'Redefinir senha',
  },
  signup: {
    subject: 'Confirme seu cadastro',
    heading: 'Confirme seu cadastro',
    intro: 'Obrigado por se cadastrar. Clique no botão abaixo para confirmar o seu endereço de e-mail.',
    button: 'Confirmar e-mail',
  },
  invite: {
    subject: 'Você foi convidado',
    heading: 'Você foi convidado',
    intro: 'Você recebeu um convite para acessar o sistema. Clique no botão abaixo para aceitar o convite.',
    button: 'Aceitar convite',
  },
  magiclink: {
    subject: 'Seu link de acesso',
    heading: 'Link de acesso',
    intro: 'Clique no botão abaixo para entrar na sua conta.',
    button: 'Entrar',
  },
  email_change_current: {
    subject: 'Confirme a alteração de e-mail',
    heading: 'Confirme a alteração de e-mail',
    intro: 'Recebemos um pedido para alterar o e-mail da sua conta. Clique no botão abaixo para confirmar a alteração.',
    button: 'Confirmar alteração',
  },
  email_change_new: {
    subject: 'Confirme seu novo e-mail',
    heading: 'Confirme seu novo e-mail',
    intro: 'Clique no botão abaixo para confirmar este endereço como o novo e-mail da sua conta.',
    button: 'Confirmar novo e-mail',
  },
  reauthentication: {
    subject: 'Código de verificação',
    heading: 'Código de verificação',
    intro: 'Use o código abaixo para confirmar a sua identidade.',
    button: '',
  },
};

export function renderMail(kind: MailKind, to: string, otp: string, link: string | undefined, newEmail?: string): MailMessage {
  const copy = COPY[kind];
  const extra = kind === 'email_change_current' && newEmail ? `<p>Novo e-mail: <strong>${escapeHtml(newEmail)}</strong></p>` : '';
  const button = link
    ? `<p style="margin:24px 0"><a href="${escapeHtml(link)}" target="_blank" rel="noopener" style="background:#0f766e;color:#fff;padding:12px 20px;border-radius:6px;text-decoration:none;font-weight:600">${escapeHtml(copy.button)}</a></p>
<p style="font-size:13px;color:#6b7280">Se o botão não funcionar, copie e cole este endereço no navegador:<br><a href="${escapeHtml(link)}" target="_blank" rel="noopener" style="color:#0f766e;word-break:break-all">${escapeHtml(link)}</a></p>`
    : '';
  const html = `<!doctype html><html lang="pt-BR"><head><meta charset="utf-8"><title>${escapeHtml(copy.subject)}</title></head>
<body style="font-family:Arial,Helvetica,sans-serif;background:#f4f6f8;margin:0;padding:24px;color:#1f2933">
<div style="max-width:560px;margin:0 auto;background:#fff;border-radius:8px;padding:32px">
<h2 style="margin-top:0;color:#0f766e">${escapeHtml(copy.heading)}</h2>
<p>${escapeHtml(copy.intro)}</p>${extra}${button}
<p>${link ? 'Ou use este código' : 'Seu código'}: <strong style="font-size:20px;letter-spacing:3px">${escapeHtml(otp)}</strong></p>
<p style="font-size:13px;color:#6b7280">Se você não fez este pedido, ignore este e-mail.</p>
</div></body></html>`;
  const text = [copy.heading, '', copy.intro, newEmail && kind === 'email_change_current' ? `Novo e-mail: ${newEmail}` : '', link ? `${copy.button}: ${link}` : '', `Código: ${otp}`, '', 'Se você não fez este pedido, ignore este e-mail.']
    .filter((line, i, all) => line !== '' || all[i - 1] !== '')
    .join('\n');
  return { to, subject: copy.subject, html, text };
}

import { describe, expect, it } from 'vitest';
import { COMPOSE_MESSAGES, composeSchema, mailPageSchema, mailRecipientOptionsSchema, mailThreadSchema } from '@/features/mail/schemas';

function issues(values: Record<string, unknown>): Record<string, string> {
  const result = composeSchema.safeParse({ recipients: [{ kind: 'user', id: 'u', name: 'Bruno' }], subject: 'Assunto', body: 'Texto', attachments: [], ...values });
  if (result.success) return {};
  return Object.fromEntries(result.error.issues.map((issue) => [String(issue.path[0]), issue.message]));
}

describe('the compose form', () => {
  it('accepts a complete message', () => {
    expect(issues({})).toEqual({});
  });

  it('asks for recipients, a subject and a text, in Portuguese', () => {
    expect(issues({ recipients: [], subject: '   ', body: '\n' })).toEqual({
      recipients: COMPOSE_MESSAGES.recipients,
      subject: COMPOSE_MESSAGES.subject,
      body: COMPOSE_MESSAGES.body,
    });
  });

  it('applies the database limits', () => {
    expect(issues({ subject: 'a'.repeat(201), body: 'b'.repeat(20_001) })).toEqual({ subject: COMPOSE_MESSAGES.subjectMax, body: COMPOSE_MESSAGES.bodyMax });
    expect(issues({ subject: ` ${'a'.repeat(200)} ` })).toEqual({});
  });
});

describe('the mail RPC payloads', () => {
  it('parse a page of threads', () => {
    const page = {
      total: 1,
      unread: 1,
      items: [
        {
          thread_id: 't1',
          subject: 'Escala',
          last_message_at: '2026-11-26T17:00:00Z',
          last_sender: { id: 'a', name: null },
          excerpt: 'Olá',
          messages: 2,
          unread: true,
          has_attachments: false,
          participants: [{ id: 'b', name: 'Bruno' }],
        },
      ],
    };
    expect(mailPageSchema.parse(page)).toEqual(page);
    expect(() => mailPageSchema.parse({ ...page, items: [{ ...page.items[0], messages: '2' }] })).toThrow();
  });

  it('parse a thread and recipient options (a representative sees no detail)', () => {
    const thread = {
      thread_id: 't1',
      subject: 'Escala',
      archived: false,
      messages: [
        {
          id: 'm1',
          thread_id: 't1',
          reply_to_id: null,
          subject: 'Escala',
          body: 'Olá',
          created_at: '2026-11-26T17:00:00Z',
          sender: { id: 'a', name: 'Ana' },
          addressed_to: { users: [], units: [{ id: 'u', name: 'Unidade Centro' }], roles: ['BALCONISTA'] },
          recipients: [{ id: 'b', name: 'Bruno', read_at: null }],
          attachments: [{ id: 'f', file_name: 'a.pdf', mime_type: 'application/pdf', size_bytes: 10, path: 'a/b/a.pdf' }],
          mine: true,
        },
      ],
    };
    expect(mailThreadSchema.parse(thread)).toEqual(thread);
    expect(mailRecipientOptionsSchema.parse([{ kind: 'user', id: 'c', name: 'Carla', detail: null }, { kind: 'role', id: 'ADMIN', name: 'Administrador', detail: null }])).toHaveLength(2);
    expect(() => mailRecipientOptionsSchema.parse([{ kind: 'email', id: 'c', name: 'Carla' }])).toThrow();
  });
});

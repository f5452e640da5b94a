import { describe, expect, it } from 'vitest';
import {
  addressedToLine,
  formatMailDate,
  hasUnreadFor,
  mailAttachmentType,
  mailViewFromParams,
  paramsFromMailView,
  readReceiptLine,
  replyRecipients,
  replySubject,
  safeFileName,
} from '@/features/mail/logic';
import type { MailMessage } from '@/features/mail/schemas';

const THREAD = '0b7c5a8e-1f0e-4c52-9b7a-3d3c5e9d1a01';
const MESSAGE = '0b7c5a8e-1f0e-4c52-9b7a-3d3c5e9d1a02';
const ME = 'me';

function message(patch: Partial<MailMessage> = {}): MailMessage {
  return {
    id: 'm1',
    thread_id: 't1',
    reply_to_id: null,
    subject: 'Escala de dezembro',
    body: 'Olá',
    created_at: '2026-11-26T17:00:00Z',
    sender: { id: 'ana', name: 'Ana Administradora' },
    addressed_to: { users: [{ id: ME, name: 'Bruno' }, { id: 'carla', name: 'Carla' }], units: [{ id: 'u1', name: 'Unidade Centro' }], roles: ['ADMIN_COMPRAS'] },
    recipients: [
      { id: ME, name: 'Bruno', read_at: null },
      { id: 'carla', name: 'Carla', read_at: '2026-11-26T17:05:00Z' },
    ],
    attachments: [],
    mine: false,
    ...patch,
  };
}

const bytes = (...values: number[]) => new Uint8Array(values);
const text = (value: string) => new TextEncoder().encode(value);

describe('the URL of /correio', () => {
  it('reads the folder, search, page and thread, falling back to the inbox', () => {
    expect(mailViewFromParams(new URLSearchParams(`pasta=enviados&busca=nota&pagina=3&conversa=${THREAD}`))).toEqual({
      folder: 'ENVIADOS',
      search: 'nota',
      page: 2,
      threadId: THREAD,
      messageId: null,
    });
    expect(mailViewFromParams(new URLSearchParams('pasta=lixo&pagina=-1&conversa=nao-e-uuid'))).toEqual({
      folder: 'ENTRADA',
      search: '',
      page: 0,
      threadId: null,
      messageId: null,
    });
    expect(mailViewFromParams(new URLSearchParams(`mensagem=${MESSAGE}`)).messageId).toBe(MESSAGE);
  });

  it('writes back only what differs from the inbox first page', () => {
    expect(paramsFromMailView({ folder: 'ENTRADA', search: ' ', page: 0, threadId: null, messageId: null }).toString()).toBe('');
    expect(paramsFromMailView({ folder: 'ARQUIVO', search: 'recall', page: 1, threadId: THREAD, messageId: null }).toString()).toBe(
      `pasta=arquivo&busca=recall&pagina=2&conversa=${THREAD}`,
    );
  });
});

describe('attachments are judged by their content', () => {
  it('accepts PDF and images by signature whatever their name', () => {
    expect(mailAttachmentType('nota.txt', text('%PDF-1.7\n'), false)).toBe('application/pdf');
    expect(mailAttachmentType('foto', bytes(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0), true)).toBe('image/png');
    expect(mailAttachmentType('a.jpg', bytes(0xff, 0xd8, 0xff, 0xe0), true)).toBe('image/jpeg');
  });

  it('accepts a spreadsheet only when named .xlsx and zipped, a CSV only when named .csv and text', () => {
    expect(mailAttachmentType('Precos.XLSX', bytes(0x50, 0x4b, 0x03, 0x04, 1, 2), true)).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    expect(mailAttachmentType('planilha.xlsx', text('MZ program'), true)).toBeNull();
    expect(mailAttachmentType('lista.csv', text('código;descrição\n1;Dipirona\n'), true)).toBe('text/csv');
    expect(mailAttachmentType('lista.csv', bytes(0x4d, 0x5a, 0x00, 0x01), true)).toBeNull();
    expect(mailAttachmentType('lista.csv', bytes(0xc3, 0x28), true)).toBeNull();
    // A head cut in the middle of 'ç' (0xc3 0xa7) is still text.
    expect(mailAttachmentType('lista.csv', bytes(0x61, 0x3b, 0xc3), false)).toBe('text/csv');
  });

  it('refuses an HTML page named foto.png and anything else', () => {
    expect(mailAttachmentType('foto.png', text('<html><script>'), true)).toBeNull();
    expect(mailAttachmentType('relatorio.docx', bytes(0x50, 0x4b, 0x03, 0x04), true)).toBeNull();
    expect(mailAttachmentType('vazio.csv', bytes(), true)).toBeNull();
  });

  it('stores a readable, safe name with the extension of its real type', () => {
    expect(safeFileName('Nota Março.PDF', 'application/pdf')).toBe('Nota Marco.pdf');
    expect(safeFileName('../../etc/passwd', 'text/csv')).toBe('etc-passwd.csv');
    expect(safeFileName('foto.jpeg', 'image/jpeg')).toBe('foto.jpg');
    expect(safeFileName('imagem.png', 'image/jpeg')).toBe('imagem.png.jpg');
    expect(safeFileName('***', 'image/webp')).toBe('anexo.webp');
    expect(safeFileName(`${'a'.repeat(300)}.pdf`, 'application/pdf')).toHaveLength(100);
  });
});

describe('replies', () => {
  it("prefixes 'Re: ' once", () => {
    expect(replySubject('Escala')).toBe('Re: Escala');
    expect(replySubject('RE: Escala')).toBe('RE: Escala');
  });

  it('answers the sender, or everyone the message was addressed to but oneself', () => {
    expect(replyRecipients(message(), ME, false, false)).toEqual([{ kind: 'user', id: 'ana', name: 'Ana Administradora', detail: null }]);
    expect(replyRecipients(message(), ME, true, false).map((option) => `${option.kind}:${option.name}`)).toEqual([
      'user:Ana Administradora',
      'user:Carla',
      'unit:Unidade Centro',
      'role:Administrador de Compras',
    ]);
  });

  it('gives a representative people only', () => {
    expect(replyRecipients(message(), ME, true, true).map((option) => option.kind)).toEqual(['user', 'user']);
  });

  it('answers one’s own message to whom it was addressed, or to its actual recipients', () => {
    const mine = message({ mine: true, sender: { id: ME, name: 'Bruno' }, addressed_to: { users: [], units: [{ id: 'u1', name: 'Unidade Centro' }], roles: [] } });
    expect(replyRecipients(mine, ME, false, false).map((option) => option.id)).toEqual(['u1']);
    expect(replyRecipients(mine, ME, false, true).map((option) => option.id)).toEqual(['carla']);
  });

  it('lists the addressees in one line', () => {
    expect(addressedToLine(message())).toBe('Bruno, Carla, Unidade Centro, Administrador de Compras');
  });
});

describe('dates and read receipts', () => {
  const now = new Date('2026-11-26T20:00:00Z');
  it('shows the time for today and the date before', () => {
    expect(formatMailDate('2026-11-26T17:05:00Z', now)).toBe('14:05');
    expect(formatMailDate('2026-11-25T17:05:00Z', now)).toBe('25/11/2026 14:05');
  });

  it('says who read and when', () => {
    expect(readReceiptLine({ name: 'Bruno Balconista', read_at: '2026-11-26T17:05:00Z' }, now)).toBe('Lida por Bruno Balconista às 14:05');
    expect(readReceiptLine({ name: 'Bruno Balconista', read_at: '2026-11-24T12:00:00Z' }, now)).toBe('Lida por Bruno Balconista em 24/11/2026 às 09:00');
    expect(readReceiptLine({ name: null, read_at: null }, now)).toBe('Não lida por Usuário');
  });

  it('knows whether the caller still has an unread copy', () => {
    expect(hasUnreadFor([message()], ME)).toBe(true);
    expect(hasUnreadFor([message()], 'carla')).toBe(false);
  });
});

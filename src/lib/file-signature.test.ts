import { describe, expect, it } from 'vitest';
import { detectFileType, FILE_CONTENT_MESSAGE, readFileHead } from '@/lib/file-signature';

const bytes = (...values: (number | string)[]) =>
  new Uint8Array(values.flatMap((value) => (typeof value === 'string' ? [...value].map((char) => char.charCodeAt(0)) : [value])));

describe('detectFileType', () => {
  it('recognizes PDF, PNG, JPEG and WEBP by their signatures', () => {
    expect(detectFileType(bytes('%PDF-1.7\n%'))).toBe('application/pdf');
    expect(detectFileType(bytes(0x89, 'PNG', 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13))).toBe('image/png');
    expect(detectFileType(bytes(0xff, 0xd8, 0xff, 0xe0, 0, 0x10, 'JFIF'))).toBe('image/jpeg');
    expect(detectFileType(bytes(0xff, 0xd8, 0xff, 0xe1))).toBe('image/jpeg');
    expect(detectFileType(bytes('RIFF', 0x24, 0, 0, 0, 'WEBPVP8 '))).toBe('image/webp');
  });

  it('refuses what only looks like one by name or declared type', () => {
    // An HTML page saved as foto.png, declared image/png.
    expect(detectFileType(bytes('<!doctype html><script>'))).toBeNull();
    expect(detectFileType(bytes(' %PDF-1.4'))).toBeNull();
    // A RIFF that is not WEBP (a WAV), a truncated PNG signature, a JPEG missing its third byte.
    expect(detectFileType(bytes('RIFF', 0x24, 0, 0, 0, 'WAVEfmt '))).toBeNull();
    expect(detectFileType(bytes(0x89, 'PNG', 0x0d, 0x0a))).toBeNull();
    expect(detectFileType(bytes(0xff, 0xd8))).toBeNull();
    expect(detectFileType(new Uint8Array())).toBeNull();
    expect(detectFileType(bytes('%PDF'))).toBeNull();
  });

  it('reads the head of a file and says what is wrong in Portuguese', async () => {
    const file = new File(['<html>'], 'foto.png', { type: 'image/png' });
    expect(detectFileType(await readFileHead(file))).toBeNull();
    expect(detectFileType(await readFileHead(new File(['%PDF-1.4 resto'], 'nota.pdf')))).toBe('application/pdf');
    expect(FILE_CONTENT_MESSAGE).toMatch(/^O conteúdo do arquivo não é de um PDF, JPG, PNG ou WEBP/);
  });
});

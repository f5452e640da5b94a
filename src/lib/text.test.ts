import { describe, expect, it } from 'vitest';
import { foldText } from '@/lib/text';

describe('foldText', () => {
  it('drops case and accents, keeps everything else', () => {
    expect(foldText('Ácido Fólico 5mg')).toBe('acido folico 5mg');
    expect(foldText('AÇÃO ñ')).toBe('acao n');
  });
});

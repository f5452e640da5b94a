import { describe, expect, it } from 'vitest';
import { foldText, matchesWords } from '@/lib/text';

describe('foldText', () => {
  it('drops case and accents, keeps everything else', () => {
    expect(foldText('Ácido Fólico 5mg')).toBe('acido folico 5mg');
    expect(foldText('AÇÃO ñ')).toBe('acao n');
  });
});

describe('matchesWords', () => {
  it('needs every typed word, in any order, accents or not', () => {
    expect(matchesWords('Dipirona Sódica 500mg', 'sodica dipi')).toBe(true);
    expect(matchesWords('Dipirona Sódica 500mg', 'sodica paracetamol')).toBe(false);
    expect(matchesWords('Dipirona', '   ')).toBe(true);
  });
});

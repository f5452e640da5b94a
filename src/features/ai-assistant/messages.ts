/** The Portuguese messages of the assistant panel (spec §2, §8). */
export const assistantMessages = {
  open: 'Abrir o assistente de compras',
  close: 'Fechar o assistente',
  waiting: 'Sophia está analisando...',
  placeholder: 'Pergunte sobre lotes, cotações, fornecedores…',
  inputLabel: 'Sua pergunta',
  send: 'Enviar',
  suggestions: 'Sugestões',
  empty: 'Pergunte em português sobre os lotes, as cotações e os fornecedores. As respostas vêm dos dados da rede.',
  /** Spec §8 (Chat). */
  errorTitle: 'Erro',
  errorDescription: 'Erro ao enviar mensagem. Tente novamente.',
  tooLong: (max: number) => `A pergunta deve ter no máximo ${max} caracteres`,
  you: 'Você',
  assistant: 'Sofia',
} as const;

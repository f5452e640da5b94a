/** The Portuguese messages of the time clock (spec §8 LGPD message included; the feature owns them). */
import { databaseErrorMessage, databaseOwnMessage, GENERIC_ERROR_MESSAGE } from '@/lib/errors';
import { isNetworkError, NETWORK_ERROR_MESSAGE } from '@/lib/network';

export const timeClockMessages = {
  // Loads
  termLoadError: 'Erro ao carregar o termo LGPD',
  timesheetLoadError: 'Erro ao carregar o espelho de ponto',
  // The home card's goal of the day (expected_day)
  goalLoading: 'Carregando a meta do dia…',
  goalUnavailable: 'Não foi possível carregar a meta do dia',
  goalRest: 'folga na sua escala',
  goalExcused: 'dia abonado',
  goalHoliday: (name: string) => (name ? `feriado: ${name}` : 'feriado'),
  computersLoadError: 'Erro ao carregar os computadores autorizados',
  termVersionsLoadError: 'Erro ao carregar as versões do termo',
  consentsLoadError: 'Erro ao carregar os consentimentos',
  timesheetExportError: 'Erro ao exportar o espelho de ponto',
  // The LGPD term
  /** Spec §8: a toast; the screen keeps saying why the clock is closed and who unblocks it. */
  noActiveTerm: 'Nenhuma versão ativa do termo LGPD encontrada',
  noActiveTermExplained: 'O ponto abre quando um administrador publicar o termo em Ponto Digital → Meu Ponto (Admin). Até lá, fale com o administrador do sistema, que registra as suas entradas e saídas.',
  /** A new hire (no decision yet): what the home card says. */
  termPending: 'Antes do primeiro registro, leia o termo de consentimento LGPD e decida.',
  termRefused: (at: string) => `Você recusou (ou revogou) o termo LGPD em ${at}.`,
  /** Who to talk to, and how hours are kept meanwhile (no mark of one's own without consent). */
  termRefusedMeanwhile:
    'Sem o aceite, você não registra ponto por aqui: enquanto isso, o administrador do sistema registra as suas entradas e saídas. Avise-o ao chegar, ao sair para o almoço, ao voltar e ao sair. Dúvidas sobre o termo: fale com o administrador.',
  noPunchAccess: 'Seu perfil não tem acesso ao ponto eletrônico. Fale com o administrador do sistema.',
  consentError: 'Não foi possível registrar sua decisão sobre o termo',
  termPublished: 'Nova versão do termo publicada',
  termPublishedDescription: 'Todos os funcionários verão o novo texto antes de usar o ponto.',
  // Punching
  computerNotAuthorized: 'Este computador não está autorizado para registrar ponto.',
  computerAuthorized: 'Este computador foi autorizado para registrar ponto',
  computerRenamed: (name: string) => `Computador renomeado para ${name}`,
  computerRevoked: (name: string) => `Computador ${name} revogado: ele não registra mais ponto`,
  punchError: 'Ponto não registrado',
  /** The shared connection message, and what it means here: the mark was not taken (the employee must punch again). */
  punchOffline: `${NETWORK_ERROR_MESSAGE} O ponto NÃO foi registrado.`,
  /** A punch at a unit the employee is not assigned to: stored (Portaria 671 never refuses a mark) and flagged. */
  outsideUnit: 'Fora da unidade',
  outsideUnitNote: 'Marcação feita em computador de uma unidade à qual o trabalhador não está vinculado: ela vale, e o gestor a confere.',
  // The receipt (Portaria 671 art. 79, issue 26).
  receiptTitle: 'Comprovante de Registro de Ponto do Trabalhador',
  receiptNotice: 'Controle interno de jornada da rede — não é um REP-P certificado',
  /** Before the punch: this browser is a computer of a unit the employee is not assigned to. */
  outsideUnitBefore: (unit: string) =>
    `Este computador está em ${unit}, e você não está vinculado a essa unidade. A marcação vale mesmo assim, mas fica sinalizada como feita fora da sua unidade para o gestor conferir.`,
  computerOf: (computer: string, unit: string) => `Registrando em: ${computer} (${unit})`,
  // The treatment (issue 25): loads
  treatedTimesheetLoadError: 'Erro ao carregar o espelho tratado',
  requestsLoadError: 'Erro ao carregar as solicitações de ajuste',
  hourBankLoadError: 'Erro ao carregar o banco de horas',
  closingLoadError: 'Erro ao carregar o fechamento do mês',
  espelhoLoadError: 'Erro ao carregar o espelho do mês fechado',
  employeesLoadError: 'Erro ao carregar os funcionários',
  attachmentOpenError: 'Não foi possível abrir o anexo',
  // The treatment: writes (what happened, or why not)
  adjustmentError: 'Ajuste não registrado',
  markAdded: (day: string, time: string) => `Marcação das ${time} incluída em ${day}`,
  markDisregarded: (day: string, time: string) => `Marcação das ${time} de ${day} desconsiderada`,
  dayExcused: (day: string, kind: string) => `${day} abonado (${kind})`,
  /** 'Compensação de 2h00 registrada em 26/11/2026…', 'Pagamento de 1h00 registrado…' (the label is settlementLabel's). */
  bankSettled: (kind: 'compensacao' | 'pagamento', what: string, day: string) =>
    `${what} ${kind === 'compensacao' ? 'registrada' : 'registrado'} em ${day}: o banco de horas foi atualizado`,
  agreementError: 'Acordo não alterado',
  agreementSaved: (name: string, agreement: string, day: string) => `Acordo do banco de horas de ${name} a partir de ${day}: ${agreement}`,
  afterClosingNote: 'O mês está fechado: o ajuste fica registrado como feito após o fechamento.',
  revokeError: 'Revogação não registrada',
  /** 'Ajuste revogado (Marcação incluída das 17:00)…': 'ajuste' keeps the agreement whatever the adjustment's gender. */
  adjustmentRevoked: (what: string) => `Ajuste revogado (${what}): o dia volta a ser calculado sem ele`,
  requestError: 'Solicitação não enviada',
  requestSent: (day: string) => `Solicitação de ajuste de ${day} enviada ao administrador`,
  decideError: 'Decisão não registrada',
  requestApproved: (name: string, day: string) => `Solicitação de ${name} (${day}) aprovada: o ajuste foi registrado`,
  requestRejected: (name: string, day: string) => `Solicitação de ${name} (${day}) rejeitada`,
  closeError: 'Mês não fechado',
  monthClosed: (month: string, unit: string) => `${month} fechado para ${unit}`,
  acknowledgeError: 'Ciência não registrada',
  acknowledged: 'Ciência registrada: você concordou com o espelho',
  contested: 'Ciência registrada: sua discordância foi enviada ao administrador',
  settingsError: 'Prazo não alterado',
  settingsSaved: (days: string) => `Prazo para solicitar ajuste alterado para ${days}`,
  attachmentError: 'Anexo não enviado',
  // Reports (issue 26)
  dashboardLoadError: 'Erro ao carregar o dashboard do ponto',
  dashboardNoUnits: 'Nenhuma unidade no seu alcance: o dashboard mostra as unidades às quais você está vinculado.',
  dashboardUpdatedAt: (time: string) => `Atualizado às ${time}`,
  timeReportLoadError: 'Erro ao carregar o relatório de ponto',
  timeReportEmpty: 'Nenhum funcionário com ponto nestes filtros',
  timeReportEmptyHint: 'Escolha outra unidade, outro funcionário ou outro período.',
  reportUnitsLoadError: 'Erro ao carregar as unidades',
  reportExportError: 'Erro ao exportar o relatório de ponto',
  reportExported: (file: string) => `Arquivo ${file} baixado`,
  payrollMasked: 'O arquivo da folha precisa dos CPFs completos: só quem gerencia o ponto destas unidades pode gerá-lo.',
  payrollOneMonth: 'O arquivo da folha cobre um mês: escolha um período dentro de um único mês.',
  payrollError: 'Arquivo da folha não gerado',
  // Detailed reports (issue 26)
  marksReportLoadError: 'Erro ao carregar as marcações',
  espelhoPrintLoadError: 'Erro ao carregar o espelho de ponto',
  marksExportError: 'Não foi possível exportar as marcações',
  /** The screen's own check, in the database's words (the RPC refuses the same periods). */
  periodTooLong: 'O período deve ter no máximo 12 meses',
  hashCopied: 'Hash copiado',
  copyError: 'Não foi possível copiar o hash',
  legalFileError: (kind: 'AFD' | 'AEJ') => `Arquivo ${kind} não gerado`,
  legalFileReady: (kind: 'AFD' | 'AEJ', fileName: string) => `Arquivo ${kind} gerado: ${fileName}`,
  legalFileChooseUnit: 'Escolha a unidade para gerar os arquivos.',
} as const;

/**
 * The codes whose messages the time clock's RPCs write in Portuguese, 23505 included: 'Já existe um acordo começando neste
 * dia', 'Este dia já está abonado'… (an English unique-violation message is still filtered out by databaseOwnMessage).
 */
const OWN_MESSAGE_CODES = ['23502', '23514', '22023', 'P0001', '42501', '23505'] as const;

/** Why a read failed, under the LoadError's title: a lost connection, a refusal, or the database's reason. */
export function timeClockLoadErrorDetail(error: unknown): string {
  return databaseOwnMessage(error) ?? databaseErrorMessage(error);
}

/** A refusal of the database (its own Portuguese messages) or a network failure, as the clock says it. */
export function timeClockErrorMessage(error: unknown): string {
  if (isNetworkError(error)) return timeClockMessages.punchOffline;
  return databaseOwnMessage(error, OWN_MESSAGE_CODES) ?? GENERIC_ERROR_MESSAGE;
}


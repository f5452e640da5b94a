import type { PunchType } from '@/features/time-clock/logic';

export interface TermVersion {
  id: string;
  versao: string;
  texto: string;
  sha256: string;
  createdAt: string;
}

/** The caller's latest decision on the active term: accepted, refused (or revoked), or none yet. */
export interface ConsentState {
  decision: 'accepted' | 'refused' | 'none';
  at: string | null;
  /** The caller accepted an older version: the text changed since. */
  acceptedEarlierVersion: boolean;
}

/** What register_punch returns and the receipt shows. */
export interface PunchReceipt {
  id: string;
  nsr: number;
  punchType: PunchType;
  punchedAt: string;
  receiptHash: string;
  workDate: string;
  employeeName: string | null;
  unitName: string | null;
  unitAddress: string | null;
  /** The employer's legal name (razão social) and CNPJ (14 digits) of the unit where the punch was made. */
  employerName: string | null;
  cnpj: string | null;
  /** The worker's CPF, 11 digits: shown masked on screen, whole on the printed receipt the worker keeps. */
  cpf: string | null;
  /** The address the gateway saw (never one the client declared). */
  ipAddress: string | null;
  /** Punched at a unit the employee is not assigned to: stored all the same, flagged for the manager. */
  outsideUnit: boolean;
  repeated: boolean;
}

/** This browser's authorized computer, as get_punch_computer tells the employee before a punch. */
export interface PunchComputer {
  name: string;
  unitId: string;
  unitName: string | null;
  /** The employee works at the computer's unit (else the punch is stored and flagged fora_da_unidade). */
  assigned: boolean;
}

export interface TodayPunch {
  id: string;
  punchType: PunchType;
  punchedAt: string;
  nsr: number;
  outsideUnit: boolean;
}

export interface AuthorizedComputer {
  id: string;
  name: string;
  unitId: string;
  unitName: string | null;
  createdAt: string;
  lastUsedAt: string | null;
  revokedAt: string | null;
}

/** The zod schemas of /assinatura-remessas' forms. */
import * as z from 'zod/mini';
import { LINK_HOURS_MAX, LINK_HOURS_MIN } from '@/features/shipment-signatures/logic';

export const linkHoursSchema = z.object({
  hours: z.string().check(
    z.trim(),
    z.regex(/^\d{1,4}$/, 'Informe um número inteiro de horas.'),
    z.refine((value) => Number(value) >= LINK_HOURS_MIN && Number(value) <= LINK_HOURS_MAX, `Use de ${LINK_HOURS_MIN} a ${LINK_HOURS_MAX} horas (30 dias).`),
  ),
});
export type LinkHoursValues = z.output<typeof linkHoursSchema>;

import { Building2, Search, User, Users, X } from 'lucide-react';
import { useMemo, useState, type Ref } from 'react';
import { Combobox } from '@/components/ui/combobox';
import { useDebouncedValue } from '@/hooks/use-debounced-value';
import { useMailRecipientSearch } from '@/features/mail/api/search-mail-recipients';
import { recipientKey } from '@/features/mail/logic';
import { mailMessages } from '@/features/mail/messages';
import type { MailRecipientOption } from '@/features/mail/schemas';

const KIND_ICONS = { user: User, unit: Building2, role: Users } as const;

interface RecipientPickerProps {
  value: readonly MailRecipientOption[];
  onChange: (next: MailRecipientOption[]) => void;
  /** The Field's id, given to the search box the label points at. */
  id?: string;
  inputRef?: Ref<HTMLInputElement>;
  onBlur?: () => void;
  'aria-invalid'?: boolean | 'true' | 'false';
  'aria-describedby'?: string;
}

/**
 * The 'Para' of a message: chips for the people, units and roles chosen, and a search of who the
 * caller may write to (search_mail_recipients decides: a representative is offered buyers only).
 */
export function RecipientPicker({ value, onChange, id, inputRef, onBlur, ...aria }: RecipientPickerProps) {
  const [term, setTerm] = useState('');
  const [open, setOpen] = useState(false);
  const debounced = useDebouncedValue(term, 250);
  const search = useMailRecipientSearch(debounced, open);
  const chosen = useMemo(() => new Set(value.map(recipientKey)), [value]);
  const options = useMemo(
    () =>
      (search.data ?? [])
        .filter((option) => !chosen.has(recipientKey(option)))
        .map((option) => ({
          id: recipientKey(option),
          label: option.name,
          description: [mailMessages.kindLabels[option.kind], option.detail].filter(Boolean).join(' · '),
          option,
        })),
    [search.data, chosen],
  );

  return (
    <div className="grid gap-2">
      {value.length > 0 ? (
        <ul className="flex flex-wrap gap-1.5" aria-label="Destinatários escolhidos">
          {value.map((recipient) => {
            const Icon = KIND_ICONS[recipient.kind];
            return (
              <li key={recipientKey(recipient)} className="flex items-center gap-1 rounded-full border bg-muted/60 py-0.5 pr-1 pl-2 text-sm">
                <Icon aria-hidden="true" className="size-3.5 text-muted-foreground" />
                <span className="sr-only">{mailMessages.kindLabels[recipient.kind]}: </span>
                <span className="max-w-56 truncate">{recipient.name}</span>
                <button
                  type="button"
                  className="rounded-full p-0.5 text-muted-foreground hover:bg-background hover:text-foreground focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
                  aria-label={mailMessages.removeRecipient(recipient.name)}
                  onClick={() => onChange(value.filter((other) => recipientKey(other) !== recipientKey(recipient)))}
                >
                  <X aria-hidden="true" className="size-3.5" />
                </button>
              </li>
            );
          })}
        </ul>
      ) : null}
      <Combobox
        id={id}
        inputRef={inputRef}
        onBlur={onBlur}
        {...aria}
        options={options}
        onChange={(picked) => {
          if (picked) onChange([...value, picked.option]);
        }}
        onSearch={setTerm}
        onOpenChange={setOpen}
        loading={search.isFetching || term.trim() !== debounced.trim()}
        errorText={search.isError ? mailMessages.recipientSearchError : null}
        placeholder={mailMessages.recipientSearch}
        emptyText={mailMessages.recipientNone}
        loadingText={mailMessages.recipientSearching}
        listLabel="Destinatários encontrados"
        startIcon={<Search aria-hidden="true" />}
      />
    </div>
  );
}

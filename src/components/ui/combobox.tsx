import * as PopoverPrimitive from '@radix-ui/react-popover';
import { useEffect, useId, useRef, useState, type KeyboardEvent, type MouseEvent, type ReactNode, type Ref } from 'react';
import { Input } from '@/components/ui/input';
import { Spinner } from '@/components/ui/spinner';
import { cn } from '@/lib/utils';

/** What a combobox lists: `label` is the option's name, `description` a second muted line. */
export interface ComboboxOption {
  id: string;
  label: string;
  description?: string | null;
}

/** A last entry after the options (e.g. 'Outro beneficiário'), always offered; gets what was typed. */
export interface ComboboxAction {
  label: ReactNode;
  onSelect: (typed: string) => void;
}

interface ComboboxProps<T extends ComboboxOption> {
  /** The options for the current search; the caller filters or fetches them. */
  options: readonly T[];
  /**
   * Two modes. Left undefined ("search and pick"): picking calls `onChange` and empties the box for
   * the next search. Given (null or an option): the box shows the chosen option's label; typing
   * clears the choice (`onChange(null)`) and closing discards an unfinished search.
   */
  value?: T | null;
  onChange: (option: T | null) => void;
  /** Called with every change of the typed text (the caller debounces a server search). */
  onSearch?: (term: string) => void;
  /** A search is under way (or waiting for the debounce): shows `loadingText` instead of the empty text. */
  loading?: boolean;
  /** The search failed: shown in the list instead of the options. */
  errorText?: string | null;
  /** The list opens only once this many characters (trimmed) are typed. */
  minSearchLength?: number;
  placeholder?: string;
  emptyText?: string;
  loadingText?: string;
  /** The accessible name of the list ('Produtos encontrados'). */
  listLabel: string;
  action?: ComboboxAction;
  /** Told when the list shows or hides (e.g. to hide a hint under the box while it is open). */
  onOpenChange?: (open: boolean) => void;
  /** Classes for an option's description (e.g. `font-mono` for barcodes and CNPJs). */
  descriptionClassName?: string;
  /** An icon inside the box, at the start (`pl-8` is added) or at the end (`pr-9`). */
  startIcon?: ReactNode;
  endIcon?: ReactNode;
  id?: string;
  inputRef?: Ref<HTMLInputElement>;
  onBlur?: () => void;
  className?: string;
  'aria-invalid'?: boolean | 'true' | 'false';
  'aria-describedby'?: string;
}

/**
 * A searchable choice in shadcn's shape (Radix Popover anchored to an input, ARIA combobox): type
 * to search, arrows move, Enter picks, Escape closes; Enter never submits the form while the list
 * is open or nothing is chosen. Generic over the option type; the feature supplies the options.
 */
export function Combobox<T extends ComboboxOption>({
  options,
  value,
  onChange,
  onSearch,
  loading = false,
  errorText = null,
  minSearchLength = 0,
  placeholder,
  emptyText = 'Nenhum resultado encontrado.',
  loadingText = 'Buscando...',
  listLabel,
  action,
  onOpenChange,
  descriptionClassName,
  startIcon,
  endIcon,
  id: idProp,
  inputRef,
  onBlur,
  className,
  'aria-invalid': ariaInvalid,
  'aria-describedby': ariaDescribedBy,
}: ComboboxProps<T>) {
  const generatedId = useId();
  const id = idProp ?? generatedId;
  const listId = `${id}-list`;
  const anchorRef = useRef<HTMLDivElement>(null);
  const selectMode = value !== undefined;
  // null: not searching (the box shows the chosen option, or nothing).
  const [query, setQuery] = useState<string | null>(null);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(0);

  const typed = query ?? '';
  const searchable = typed.trim().length >= minSearchLength;
  const showList = open && searchable;
  const entries = errorText ? 0 : options.length + (action ? 1 : 0);
  const activeIndex = Math.max(0, Math.min(active, entries - 1));

  useEffect(() => {
    onOpenChange?.(showList);
  }, [showList, onOpenChange]);

  const search = (term: string | null) => {
    setQuery(term);
    onSearch?.(term ?? '');
  };

  const close = () => {
    setOpen(false);
    if (selectMode && query !== null) search(null);
  };

  const pick = (index: number) => {
    const option = options[index];
    setOpen(false);
    search(null);
    if (option) onChange(option);
    else if (action && index === options.length) action.onSelect(typed.trim());
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown') {
      event.preventDefault();
      if (!open) setOpen(true);
      else setActive(Math.min(activeIndex + 1, entries - 1));
    } else if (event.key === 'ArrowUp') {
      event.preventDefault();
      setActive(Math.max(activeIndex - 1, 0));
    } else if (event.key === 'Enter') {
      if (showList) {
        event.preventDefault();
        if (entries > 0) pick(activeIndex);
      } else if (!value) {
        // Nothing chosen yet: Enter opens the list instead of submitting an incomplete form.
        event.preventDefault();
        setOpen(true);
      }
    } else if (event.key === 'Escape' && open) {
      event.preventDefault();
      close();
    }
  };

  const optionId = (index: number) => `${id}-opt-${index}`;
  const optionClass = (index: number) => cn('cursor-pointer rounded-sm px-2 py-1.5 text-sm', index === activeIndex && 'bg-accent text-accent-foreground');
  const choose = (index: number) => ({
    onMouseEnter: () => setActive(index),
    // mousedown, not click: the input keeps the focus.
    onMouseDown: (event: MouseEvent) => {
      event.preventDefault();
      pick(index);
    },
  });

  return (
    <PopoverPrimitive.Root open={showList} onOpenChange={(next) => (next ? setOpen(true) : close())}>
      <PopoverPrimitive.Anchor asChild>
        <div ref={anchorRef} className={cn('relative', className)}>
          {startIcon ? <span className="pointer-events-none absolute top-2.5 left-2.5 text-muted-foreground [&_svg]:size-4">{startIcon}</span> : null}
          <Input
            id={id}
            ref={inputRef}
            role="combobox"
            className={cn(startIcon && 'pl-8', endIcon && 'pr-9')}
            aria-expanded={showList}
            aria-controls={listId}
            aria-autocomplete="list"
            aria-activedescendant={showList && entries > 0 ? optionId(activeIndex) : undefined}
            aria-invalid={ariaInvalid}
            aria-describedby={ariaDescribedBy}
            autoComplete="off"
            placeholder={placeholder}
            value={query ?? (value ? value.label : '')}
            onChange={(event) => {
              search(event.target.value);
              setOpen(true);
              setActive(0);
              if (value) onChange(null);
            }}
            onClick={() => setOpen(true)}
            onFocus={() => {
              if (query) setOpen(true);
            }}
            onKeyDown={onKeyDown}
            onBlur={onBlur}
          />
          {endIcon ? <span className="pointer-events-none absolute top-2.5 right-3 opacity-50 [&_svg]:size-4">{endIcon}</span> : null}
        </div>
      </PopoverPrimitive.Anchor>
      <PopoverPrimitive.Content
        id={listId}
        role="listbox"
        aria-label={listLabel}
        align="start"
        sideOffset={4}
        // The focus stays in the input: the list is driven by aria-activedescendant.
        onOpenAutoFocus={(event) => event.preventDefault()}
        onCloseAutoFocus={(event) => event.preventDefault()}
        onInteractOutside={(event) => {
          if (event.target instanceof Node && anchorRef.current?.contains(event.target)) event.preventDefault();
        }}
        className="z-50 max-h-72 w-(--radix-popover-trigger-width) overflow-y-auto rounded-md border bg-popover p-1 text-popover-foreground shadow-md outline-hidden"
      >
        {errorText ? (
          <div className="px-2 py-1.5 text-sm text-destructive">{errorText}</div>
        ) : loading && options.length === 0 ? (
          <div className="flex items-center gap-2 px-2 py-1.5 text-sm text-muted-foreground">
            <Spinner className="size-3.5" label={loadingText} /> {loadingText}
          </div>
        ) : options.length === 0 ? (
          <div className="px-2 py-1.5 text-sm text-muted-foreground">{emptyText}</div>
        ) : null}
        {errorText
          ? null
          : options.map((option, index) => (
              <div key={option.id} id={optionId(index)} role="option" aria-selected={index === activeIndex} className={optionClass(index)} {...choose(index)}>
                <span className="block truncate">{option.label}</span>
                {option.description ? <span className={cn('block text-xs text-muted-foreground', descriptionClassName)}>{option.description}</span> : null}
              </div>
            ))}
        {action && !errorText ? (
          <div
            id={optionId(options.length)}
            role="option"
            aria-selected={options.length === activeIndex}
            className={cn(optionClass(options.length), 'mt-1 border-t pt-2')}
            {...choose(options.length)}
          >
            {action.label}
          </div>
        ) : null}
      </PopoverPrimitive.Content>
    </PopoverPrimitive.Root>
  );
}

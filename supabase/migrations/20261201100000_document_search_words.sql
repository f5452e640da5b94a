-- The documents feed's search found nothing for a word the text search parser reads two ways.
--
-- list_documents splits what the user typed into words at every character that is not a letter or a
-- digit and asks for each word as a prefix ('lote:* & 2e67b073:*'). The documents' vector was built
-- from the raw text, where the parser reads 'LOTE-2E67B073' as one hyphenated word with parts, and
-- keeps '2e67b073' whole; typed alone, to_tsquery reads the same '2e67b073' as the number 2e67 followed
-- by the word b073, which that vector does not hold. Lot and registration codes such as these are what
-- a recall is searched by. (Found by an integration test whose random tag was such a code.)
--
-- The vector is now built from the same words the search splits the query into, so both sides read
-- each word the same way.

create function private.search_words(p_value text)
returns text
language sql immutable strict parallel safe set search_path = '' as $$
  select regexp_replace(private.fold_search_text(p_value), '[^a-z0-9]+', ' ', 'g')
$$;

comment on function private.search_words(text) is
  'Accent- and case-folded text with every run of characters other than a-z and 0-9 made one space: the words list_documents splits a search into, so a document''s vector holds them as the query reads them.';

revoke all on function private.search_words(text) from public;

alter table public.documents
  alter column search set expression as (to_tsvector('portuguese'::regconfig, private.search_words(title || ' ' || body)));

comment on column public.documents.search is
  'Portuguese full-text vector of title and body, over private.search_words (the words list_documents splits a search into).';

grant execute on function private.search_words(text) to authenticated, service_role;

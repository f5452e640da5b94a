-- Demo remessas between the demo units, in every status: requested (editable), dispatched with
-- an active signature link, dispatched with an expired link, signed with full evidence, and
-- signed with a reported discrepancy (the sender sees it on its list). Lines take real catalogue
-- products, lots and expiries. Signatures are written the way sign_shipment writes them (content
-- and its SHA-256 from the same database functions). Runs once: skipped when demo shipments exist.

do $seed$
declare
  v_centro uuid := (select id from public.store_units where name = 'Unidade Centro');
  v_norte uuid := (select id from public.store_units where name = 'Unidade Norte');
  v_sul uuid := (select id from public.store_units where name = 'Unidade Sul');
  v_clerk uuid := (select id from auth.users where email = 'balconista@farmacia.local');
  v_clerk2 uuid := (select id from auth.users where email = 'balconista2@farmacia.local');
  v_pharmacist uuid := (select id from auth.users where email = 'farmaceutico@farmacia.local');
  v_products uuid[] := array(select id from public.products order by name limit 12);
  v_today date := (now() at time zone 'America/Sao_Paulo')::date;
  v_id uuid;
  v_link uuid;
  v_plan record;
  v_n integer := 0;
  v_signature text := 'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAWgAAAB4CAYAAADfRGj6AAAECUlEQVR42u3dPVrrMBCGUS8iNSth/9syPQUPBFn6ZuYUp79XHr3xX8L1+vi8AMhjEQAEGgCBBhBoAAQaQKABEGgABBpAoAEQaACBBkCgARBoAIEGQKABBBoAgQYQaAAEGgCBBhBoAAQaQKABEGgABBpAoAEQaACBBkCgAQQaAIEGQKABBBoAgQYQaNLcP7A+INAExlmoQaAJj7NIg0ATHGeRBoEmOM4izV/nyroINAvinP7w0AdG7Q99ayTQPHSGc3LTObP3HAOBFufASLv94jkGAu22Rlik3SP3HAOBdvYcGOl7Ecc943mAYyTQbA7qUxvunegKQI15SjxGo2fHMPd+9WnlYK84Gxbo/Hmq8EbQmPkxzD3PnlefgazcICKd/2F/+hi5XSbQo7448O5wP7UpRLrmc4z0B5sCTdlvdd2vnId77kfXfY5xhc+oQFP6a7cpG0Cg6z7HSLjCGxFpgz3zNxFSzk5EOv85RvozktaRNtxzf7Qm4bLRrY4as5R+q0ugaXvmePpSUaBrfMilv6ffco4MuEBPCYxZ6v1zBC3nyICLszWxbjtDuPt+uUAjRtZl1JXH6nfqzZFAi5C1sV6B79W7ZbY50DaWCLmHOGOtUr9UItC/WBgbSZyt0ey3gLwdFBRom8v6OIueOUeJX8VuMUsCJNDWqda/rdr6nPw3CrQAWRuX8C7bXZHVuwdtgKxL9fVKf/BljprvPYthQKzb+jcUzJFZin7NziBZj8rrlvZ+r7PnOr9XItAiY/1CHnT57Wyz9Ogrxu6VCbT1+//s7v7rM2Yjq0uPHSNhEmfruG4Drw61k538WXr0+IiTQLt/+PzvEq+MvZnIP9bxgZ4eKBurznru/G3i/94yMQs5x3vLMRIp/3eXp1l/b0+c8yO97RhNflVKnGcH+vTPXyb+foVIh13dTHtNyvuqLk2vV863AMW51kxtP0bdLvdPbwQbLD/Sd5ETB7NT40tJl0DvuYy8xbn9rY6EEIpzn0hfHQJ96in87lDbZNmRTv8ZTHNTK9JX90DfBwd99QGwyXJvdwghZa9uOj6FvxcfEA8Ge94/tH5c6R/onsK/F2qbv3akrRslVHyXdfdbGDZ/r0hbLwT6gUiffpfZ5q8faeuEQD9wBpzw1ytsfl+zh/aBrnQrQZiBcYGueCtBmIExgXYrASA40J7AAwQH2je+AMID/T3WDhAg0AAINAACDSDQAAg0gEBD5Z8B2M1xQ6AR3eLMAgKN+Io4At03KIbjXHytkflkaKBtFkGZtPYd10igbRLE13yaOYG2SWwEzKaZFGgbRnjNptkUaAAEGkCgARBoAAQaQKABEGgAgQZAoAEEGgCBBkCgAQQaAIEGEGgABBoAgQYQaADe8wVvXEeTT2G2MgAAAABJRU5ErkJggg==';
begin
  if v_centro is null or v_clerk is null or cardinality(v_products) < 12 or exists (select 1 from public.shipments) then
    raise notice 'Demo units, accounts or products missing, or shipments already seeded; shipment seed skipped';
    return;
  end if;

  for v_plan in
    select * from (values
      -- origin, destination, author, final state, days ago, notes
      (v_centro, v_norte, v_clerk, 'SOLICITADO', 0, 'Reposição de antibióticos para o fim de semana'),
      (v_norte, v_centro, v_clerk2, 'SOLICITADO', 1, null),
      (v_centro, v_sul, v_clerk, 'PENDENTE', 1, 'Entregar ao farmacêutico responsável'),
      (v_sul, v_centro, v_pharmacist, 'EXPIRADO', 5, 'Transferência de excedente próximo do vencimento'),
      (v_centro, v_norte, v_clerk, 'ENTREGUE', 8, null),
      (v_norte, v_sul, v_clerk2, 'DIVERGENCIA', 4, 'Caixa lacrada com fita da unidade Norte')
    ) as t(origin, destination, author, final_state, days_ago, notes)
  loop
    v_n := v_n + 1;
    insert into public.shipments (origin_unit_id, destination_unit_id, notes, created_by, created_at)
    values (v_plan.origin, v_plan.destination, v_plan.notes, v_plan.author, now() - make_interval(days => v_plan.days_ago, hours => 3))
    returning id into v_id;
    insert into public.shipment_items (shipment_id, product_id, quantity, lot, expiry_date, position)
    select v_id, v_products[((v_n * 2 + k) % 12) + 1], 2 + ((v_n + k) * 3) % 10, 'L' || (24000 + v_n * 10 + k)::text,
           v_today + 120 + k * 45, k
    from generate_series(0, 1 + v_n % 3) k;
    if v_plan.final_state = 'SOLICITADO' then
      continue;
    end if;
    update public.shipments
    set status = 'PENDENTE', dispatched_at = now() - make_interval(days => v_plan.days_ago, hours => 1), dispatched_by = v_plan.author
    where id = v_id;
    if v_plan.final_state = 'PENDENTE' then
      -- An active link (its token was shown once to whoever made it; a new one can be made on /assinatura-remessas).
      insert into public.shipment_signature_links (shipment_id, token_hash, created_by, created_at, expires_at)
      values (v_id, encode(sha256(convert_to(gen_random_uuid()::text, 'UTF8')), 'hex'), v_plan.author, now() - interval '2 hours', now() + interval '70 hours');
      continue;
    end if;
    insert into public.shipment_signature_links (shipment_id, token_hash, created_by, created_at, expires_at)
    values (v_id, encode(sha256(convert_to(gen_random_uuid()::text, 'UTF8')), 'hex'), v_plan.author,
            now() - make_interval(days => v_plan.days_ago), now() - make_interval(days => v_plan.days_ago) + interval '72 hours')
    returning id into v_link;
    if v_plan.final_state = 'EXPIRADO' then
      continue;
    end if;
    update public.shipment_signature_links set used_at = now() - make_interval(days => v_plan.days_ago - 1) where id = v_link;
    insert into public.shipment_signatures (shipment_id, link_id, signer_name, signer_document, signature_png, acceptance_text,
                                            signed_at, ip_address, user_agent, content_hash, content, discrepancies)
    select v_id, v_link,
           case when v_plan.final_state = 'ENTREGUE' then 'Marcos Entregador da Silva' else 'Juliana Recebedora Souza' end,
           case when v_plan.final_state = 'ENTREGUE' then '52998224725' else '11144477735' end,
           v_signature, private.acceptance_text(), now() - make_interval(days => v_plan.days_ago - 1),
           '177.55.10.23', 'Mozilla/5.0 (Linux; Android 14; moto g54) AppleWebKit/537.36 Chrome/131.0 Mobile Safari/537.36',
           private.shipment_content_hash(v_id), private.shipment_canonical_content(v_id),
           case when v_plan.final_state = 'DIVERGENCIA' then (
             select jsonb_build_array(jsonb_build_object('item_id', i.id, 'short_quantity', 1, 'damaged_quantity', 1,
                                                         'short_dated_quantity', 0, 'note', 'Uma caixa amassada e uma faltando'))
             from public.shipment_items i where i.shipment_id = v_id order by i.position limit 1)
           else '[]'::jsonb end;
    update public.shipments set status = 'ENTREGUE', delivered_at = now() - make_interval(days => v_plan.days_ago - 1) where id = v_id;
  end loop;
end;
$seed$;

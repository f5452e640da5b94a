-- Demo documents (issue 27), written through the same RPCs the screens call, acting as each demo user
-- (request.jwt.claims), so receipts, versions, actions, replies and notifications are exactly what the
-- application writes:
--   * a required reading for everyone, overdue, acknowledged by some (Bruno yes, Beatriz only read);
--   * a recall demanding an action per unit: Centro and Norte confirmed with lot and quantity, Sul pending;
--   * a procedure with a second, material version (Bruno acknowledged version 1 and is asked again);
--   * a notice for the pharmacists only (role audience), with replies allowed and two replies;
--   * a price change for Unidade Norte only;
--   * a plain notice for everyone, read by a few.
-- Runs once: skipped when documents exist.

do $seed$
declare
  v_centro uuid := (select id from public.store_units where name = 'Unidade Centro');
  v_norte uuid := (select id from public.store_units where name = 'Unidade Norte');
  v_sul uuid := (select id from public.store_units where name = 'Unidade Sul');
  v_admin uuid := (select id from auth.users where email = 'admin@farmacia.local');
  v_clerk uuid := (select id from auth.users where email = 'balconista@farmacia.local');
  v_clerk2 uuid := (select id from auth.users where email = 'balconista2@farmacia.local');
  v_pharmacist uuid := (select id from auth.users where email = 'farmaceutico@farmacia.local');
  v_buyer uuid := (select id from auth.users where email = 'compras@farmacia.local');
  v_analyst uuid := (select id from auth.users where email = 'analista@farmacia.local');
  v_today date := (now() at time zone 'America/Sao_Paulo')::date;
  v_doc jsonb;
  v_overdue uuid;
  v_recall uuid;
  v_procedure uuid;
  v_pharma uuid;
  v_price uuid;
  v_notice uuid;
begin
  if v_centro is null or v_admin is null or v_pharmacist is null or exists (select 1 from public.documents) then
    raise notice 'Demo units or accounts missing, or documents already seeded; documents seed skipped';
    return;
  end if;

  -- Acting as a demo user: the RPCs read auth.uid() from the claims, as PostgREST sets them.
  create temporary table seed_act (id uuid) on commit drop;

  perform set_config('request.jwt.claims', jsonb_build_object('sub', v_admin, 'role', 'authenticated')::text, true);

  v_doc := public.save_document(null, null, jsonb_build_object(
    'title', 'Novo procedimento de conferência do caixa',
    'body', E'## O que muda\n\nA partir de hoje, o fechamento do caixa é conferido por **duas pessoas**.\n\n1. Conte o dinheiro e os comprovantes.\n2. Peça a um colega que confira.\n3. Assine a folha de fechamento.\n\nDúvidas: fale com a administração.',
    'category', 'PROCEDIMENTO', 'demand', 'LEITURA', 'due_date', v_today - 2,
    'audience_all', true, 'valid_from', v_today - 12, 'allow_replies', false));
  v_overdue := (v_doc ->> 'id')::uuid;

  v_doc := public.save_document(null, null, jsonb_build_object(
    'title', 'Recolhimento: Dipirona Sódica 500 mg, lote DP2311',
    'body', E'A Anvisa determinou o recolhimento do **lote DP2311** de Dipirona Sódica 500 mg (caixa com 10 comprimidos).\n\n- Retire todas as unidades do lote das prateleiras e do estoque.\n- Separe-as para devolução ao distribuidor.\n- Confirme aqui o lote e a quantidade recolhida pela sua unidade.\n\nReferência: [Consulta de recolhimentos da Anvisa](https://consultas.anvisa.gov.br).',
    'category', 'RECALL', 'demand', 'ACAO', 'due_date', v_today + 3,
    'audience_all', true, 'valid_from', v_today - 2, 'allow_replies', true));
  v_recall := (v_doc ->> 'id')::uuid;

  v_doc := public.save_document(null, null, jsonb_build_object(
    'title', 'POP: armazenamento de termolábeis',
    'body', E'Medicamentos termolábeis ficam na geladeira entre **2 °C e 8 °C**.\n\n- Registre a temperatura duas vezes ao dia.\n- Não guarde alimentos na geladeira de medicamentos.',
    'category', 'PROCEDIMENTO', 'demand', 'LEITURA', 'due_date', v_today + 10,
    'audience_all', true, 'valid_from', v_today - 5, 'allow_replies', false));
  v_procedure := (v_doc ->> 'id')::uuid;

  v_doc := public.save_document(null, null, jsonb_build_object(
    'title', 'Escala de plantão dos farmacêuticos em dezembro',
    'body', E'A escala de plantão de dezembro está definida.\n\nConfira seus dias e use as respostas abaixo para pedir trocas.',
    'category', 'COMUNICADO', 'demand', 'NENHUMA',
    'audience_roles', jsonb_build_array('FARMACEUTICO'), 'valid_from', v_today - 1, 'allow_replies', true));
  v_pharma := (v_doc ->> 'id')::uuid;

  v_doc := public.save_document(null, null, jsonb_build_object(
    'title', 'Alteração de preço: protetores solares na Unidade Norte',
    'body', E'Os protetores solares da linha verão têm **10% de desconto** na Unidade Norte até o fim do mês.\n\nAtualize as etiquetas das gôndolas.',
    'category', 'PRECO', 'demand', 'NENHUMA',
    'audience_unit_ids', jsonb_build_array(v_norte), 'valid_from', v_today - 3, 'valid_until', v_today + 20, 'allow_replies', false));
  v_price := (v_doc ->> 'id')::uuid;

  v_doc := public.save_document(null, null, jsonb_build_object(
    'title', 'Horário especial no feriado',
    'body', E'No próximo feriado todas as unidades abrem das 8h às 14h.',
    'category', 'COMUNICADO', 'demand', 'NENHUMA', 'audience_all', true, 'valid_from', v_today, 'allow_replies', false));
  v_notice := (v_doc ->> 'id')::uuid;

  -- Receipts: Bruno read and acknowledged the overdue procedure and version 1 of the termolábeis POP;
  -- Beatriz only opened the overdue one; Amanda read the holiday notice.
  perform set_config('request.jwt.claims', jsonb_build_object('sub', v_clerk, 'role', 'authenticated')::text, true);
  perform public.record_document_read(v_overdue);
  perform public.acknowledge_document(v_overdue, 1);
  perform public.record_document_read(v_procedure);
  perform public.acknowledge_document(v_procedure, 1);
  perform public.record_document_read(v_notice);
  -- Bruno confirms the recall for Unidade Centro (two lots found).
  perform public.record_document_read(v_recall);
  perform public.confirm_document_action(v_recall, null, v_centro, 'DP2311', 12, 'Retirado da prateleira e do estoque', null);

  perform set_config('request.jwt.claims', jsonb_build_object('sub', v_clerk2, 'role', 'authenticated')::text, true);
  perform public.record_document_read(v_overdue);
  perform public.record_document_read(v_price);
  perform public.record_document_read(v_recall);
  perform public.confirm_document_action(v_recall, null, v_norte, 'DP2311', 4, null, null);
  perform public.add_document_reply(v_recall, 'Na Unidade Norte havia só 4 caixas do lote; separadas para devolução.');

  perform set_config('request.jwt.claims', jsonb_build_object('sub', v_analyst, 'role', 'authenticated')::text, true);
  perform public.record_document_read(v_notice);

  perform set_config('request.jwt.claims', jsonb_build_object('sub', v_pharmacist, 'role', 'authenticated')::text, true);
  perform public.record_document_read(v_pharma);
  perform public.add_document_reply(v_pharma, 'Posso trocar o plantão do dia 24 com quem estiver no dia 31?');

  perform set_config('request.jwt.claims', jsonb_build_object('sub', v_buyer, 'role', 'authenticated')::text, true);
  perform public.record_document_read(v_overdue);
  perform public.acknowledge_document(v_overdue, 1);

  -- The POP gets a second, material version: everyone is asked again (Bruno's version-1 acknowledgement
  -- no longer counts) and the audience receives 'Nova versão: ...'.
  perform set_config('request.jwt.claims', jsonb_build_object('sub', v_admin, 'role', 'authenticated')::text, true);
  perform public.save_document(v_procedure, null, jsonb_build_object(
    'title', 'POP: armazenamento de termolábeis',
    'body', E'Medicamentos termolábeis ficam na geladeira entre **2 °C e 8 °C**.\n\n- Registre a temperatura **três vezes** ao dia (abertura, 14h e fechamento).\n- Não guarde alimentos na geladeira de medicamentos.\n- Fora da faixa: avise o farmacêutico responsável na hora.',
    'category', 'PROCEDIMENTO', 'demand', 'LEITURA', 'due_date', v_today + 10,
    'audience_all', true, 'valid_from', v_today - 5, 'allow_replies', false), true);

  perform set_config('request.jwt.claims', '', true);
end;
$seed$;

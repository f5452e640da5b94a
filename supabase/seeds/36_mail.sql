-- Correio demo (issue 27): conversations between demo users and to a unit and a role, with replies, some read,
-- some unread, one archived, a representative's thread with the buyer Carla, and the ALERTA notification each
-- recipient got. Written the way send_mail writes (messages, recipient rows, one notification per recipient)
-- but with times spread over the last days. No attachment: a file needs its bytes in the storage backend, which
-- a SQL seed cannot put there (the integration tests upload real ones).
--
-- Accounts: 1 Ana (ADMIN, Centro), 2 Bruno (BALCONISTA, Centro + Norte), 3 Beatriz (BALCONISTA_II, Norte),
-- 4 Fernando (FARMACEUTICO, Sul), 5 Carla (ADMIN_COMPRAS, Centro), 6 Rafael (REPRESENTANTE, Alfa),
-- 8 Amanda (ANALISTA, Norte).

do $$
declare
  ana constant uuid := '5eed0000-0000-4000-8000-000000000001';
  bruno constant uuid := '5eed0000-0000-4000-8000-000000000002';
  beatriz constant uuid := '5eed0000-0000-4000-8000-000000000003';
  fernando constant uuid := '5eed0000-0000-4000-8000-000000000004';
  carla constant uuid := '5eed0000-0000-4000-8000-000000000005';
  rafael constant uuid := '5eed0000-0000-4000-8000-000000000006';
  amanda constant uuid := '5eed0000-0000-4000-8000-000000000008';
  norte uuid := (select id from public.store_units where name = 'Unidade Norte');
  t1 constant uuid := 'c0e10000-0000-4000-8000-000000000001';
  t1r1 constant uuid := 'c0e10000-0000-4000-8000-000000000002';
  t1r2 constant uuid := 'c0e10000-0000-4000-8000-000000000003';
  t2 constant uuid := 'c0e10000-0000-4000-8000-000000000011';
  t2r1 constant uuid := 'c0e10000-0000-4000-8000-000000000012';
  t3 constant uuid := 'c0e10000-0000-4000-8000-000000000021';
  t3r1 constant uuid := 'c0e10000-0000-4000-8000-000000000022';
  t3r2 constant uuid := 'c0e10000-0000-4000-8000-000000000023';
  t4 constant uuid := 'c0e10000-0000-4000-8000-000000000031';
  v_message record;
begin
  if norte is null or exists (select 1 from public.mail_messages where id = t1) then
    return;
  end if;

  -- 1. Ana to Unidade Norte (Beatriz, Amanda, Bruno): the month-end count; Beatriz answers, Ana answers her.
  insert into public.mail_messages (id, thread_id, reply_to_id, sender_id, subject, body, addressed_to, created_at) values
    (t1, t1, null, ana, 'Inventário de fim de mês',
     E'Bom dia, equipe da Norte.\n\nO inventário de fim de mês será no sábado, 28, a partir das 7h. Conferir principalmente as receitas de controlados e os medicamentos com vencimento até janeiro.\n\nObrigada,\nAna',
     jsonb_build_object('users', '[]'::jsonb, 'units', jsonb_build_array(jsonb_build_object('id', norte, 'name', 'Unidade Norte')), 'roles', '[]'::jsonb),
     now() - interval '3 days 4 hours'),
    (t1r1, t1, t1, beatriz, 'Re: Inventário de fim de mês',
     E'Ana, combinado. Podemos começar às 7h30? O caminhão da Distribuidora Beta chega às 7h.',
     jsonb_build_object('users', jsonb_build_array(jsonb_build_object('id', ana, 'name', 'Ana Administradora')), 'units', '[]'::jsonb, 'roles', '[]'::jsonb),
     now() - interval '2 days 6 hours'),
    (t1r2, t1, t1r1, ana, 'Re: Inventário de fim de mês',
     E'Pode sim, Beatriz. Começamos às 7h30.',
     jsonb_build_object('users', jsonb_build_array(jsonb_build_object('id', beatriz, 'name', 'Beatriz Balconista')), 'units', '[]'::jsonb, 'roles', '[]'::jsonb),
     now() - interval '2 days 2 hours');
  insert into public.mail_recipients (message_id, user_id, via_unit_id, read_at, archived_at) values
    (t1, beatriz, norte, now() - interval '3 days', null),
    (t1, amanda, norte, null, null),
    (t1, bruno, norte, now() - interval '3 days 2 hours', now() - interval '3 days 1 hour'),
    (t1r1, ana, null, now() - interval '2 days 5 hours', null),
    (t1r2, beatriz, null, null, null);

  -- 2. Bruno to Carla: prescriptions without an answer from the supplier; Carla answers.
  insert into public.mail_messages (id, thread_id, reply_to_id, sender_id, subject, body, addressed_to, created_at) values
    (t2, t2, null, bruno, 'Receitas de controlados sem retorno do fornecedor',
     E'Carla, temos três receitas de controlados aguardando o medicamento desde segunda-feira. O fornecedor não deu previsão. Consegue verificar?',
     jsonb_build_object('users', jsonb_build_array(jsonb_build_object('id', carla, 'name', 'Carla Compras')), 'units', '[]'::jsonb, 'roles', '[]'::jsonb),
     now() - interval '1 day 5 hours'),
    (t2r1, t2, t2, carla, 'Re: Receitas de controlados sem retorno do fornecedor',
     E'Bruno, falei com a Distribuidora Alfa: a entrega sai amanhã cedo. Aviso quando chegar.',
     jsonb_build_object('users', jsonb_build_array(jsonb_build_object('id', bruno, 'name', 'Bruno Balconista')), 'units', '[]'::jsonb, 'roles', '[]'::jsonb),
     now() - interval '20 hours');
  insert into public.mail_recipients (message_id, user_id, read_at) values
    (t2, carla, now() - interval '1 day 1 hour'),
    (t2r1, bruno, null);

  -- 3. Rafael (representative, Distribuidora Alfa) to Carla; Carla answers; Rafael follows up (unread by Carla).
  insert into public.mail_messages (id, thread_id, reply_to_id, sender_id, subject, body, addressed_to, created_at) values
    (t3, t3, null, rafael, 'Nova tabela de preços da Distribuidora Alfa',
     E'Olá, Carla.\n\nA partir de dezembro nossa tabela de genéricos tem reajuste médio de 3,5%. Os preços atuais valem para os pedidos feitos até o dia 30.\n\nAtenciosamente,\nRafael',
     jsonb_build_object('users', jsonb_build_array(jsonb_build_object('id', carla, 'name', 'Carla Compras')), 'units', '[]'::jsonb, 'roles', '[]'::jsonb),
     now() - interval '2 days 3 hours'),
    (t3r1, t3, t3, carla, 'Re: Nova tabela de preços da Distribuidora Alfa',
     E'Rafael, obrigada pelo aviso. Pode me enviar a tabela completa em planilha?',
     jsonb_build_object('users', jsonb_build_array(jsonb_build_object('id', rafael, 'name', 'Rafael Representante')), 'units', '[]'::jsonb, 'roles', '[]'::jsonb),
     now() - interval '1 day 22 hours'),
    (t3r2, t3, t3r1, rafael, 'Re: Nova tabela de preços da Distribuidora Alfa',
     E'Claro. Envio a planilha até amanhã.',
     jsonb_build_object('users', jsonb_build_array(jsonb_build_object('id', carla, 'name', 'Carla Compras')), 'units', '[]'::jsonb, 'roles', '[]'::jsonb),
     now() - interval '3 hours');
  insert into public.mail_recipients (message_id, user_id, read_at) values
    (t3, carla, now() - interval '1 day 23 hours'),
    (t3r1, rafael, now() - interval '1 day 20 hours'),
    (t3r2, carla, null);

  -- 4. Fernando to the BALCONISTA role (Bruno) and to Amanda by name: a dispensing procedure.
  insert into public.mail_messages (id, thread_id, reply_to_id, sender_id, subject, body, addressed_to, created_at) values
    (t4, t4, null, fernando, 'Dispensação de antibióticos: retenção da receita',
     E'Lembrando: a segunda via da receita de antibióticos fica retida na farmácia, com data e quantidade dispensada anotadas no verso.',
     jsonb_build_object('users', jsonb_build_array(jsonb_build_object('id', amanda, 'name', 'Amanda Analista')), 'units', '[]'::jsonb, 'roles', jsonb_build_array('BALCONISTA')),
     now() - interval '6 hours');
  insert into public.mail_recipients (message_id, user_id, via_role, read_at) values
    (t4, amanda, null, null),
    (t4, bruno, 'BALCONISTA', null);

  -- The ALERTA each recipient got (as send_mail raises it); read where the mail was read.
  for v_message in
    select m.id, m.subject, m.body, p.full_name, array_agg(r.user_id) as recipients
    from public.mail_messages m
    join public.profiles p on p.id = m.sender_id
    join public.mail_recipients r on r.message_id = m.id
    where m.thread_id in (t1, t2, t3, t4)
    group by m.id, m.subject, m.body, p.full_name, m.created_at
    order by m.created_at
  loop
    perform private.notify(v_message.recipients, 'ALERTA', 'Nova mensagem de ' || v_message.full_name || ': ' || v_message.subject,
      left(v_message.body, 200), null, v_message.id);
  end loop;
  update public.notifications n set read_at = n.created_at
  from public.mail_recipients r
  where n.mail_message_id = r.message_id and n.user_id = r.user_id and r.read_at is not null and n.read_at is null
    and n.mail_message_id in (select id from public.mail_messages where thread_id in (t1, t2, t3, t4));
end;
$$;

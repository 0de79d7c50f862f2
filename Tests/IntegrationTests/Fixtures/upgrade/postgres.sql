--
-- PostgreSQL database dump
--


-- Dumped from database version 15.18 (Debian 15.18-0+deb12u1)
-- Dumped by pg_dump version 15.18 (Debian 15.18-0+deb12u1)

SET statement_timeout = 0;
SET lock_timeout = 0;
SET idle_in_transaction_session_timeout = 0;
SET client_encoding = 'UTF8';
SET standard_conforming_strings = on;
SELECT pg_catalog.set_config('search_path', '', false);
SET check_function_bodies = false;
SET xmloption = content;
SET client_min_messages = warning;
SET row_security = off;

SET default_tablespace = '';

SET default_table_access_method = heap;

--
-- Name: changes; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.changes (
    revision bigint NOT NULL,
    owner bigint NOT NULL,
    owner_revision bigint NOT NULL,
    kind text NOT NULL,
    id uuid NOT NULL,
    rowid bigint NOT NULL,
    "position" bigint NOT NULL,
    renumbered bytea NOT NULL,
    name text NOT NULL,
    description text NOT NULL,
    latitude double precision NOT NULL,
    longitude double precision NOT NULL,
    visited boolean NOT NULL,
    version bigint NOT NULL,
    created_at bigint NOT NULL,
    updated_at bigint NOT NULL,
    sealed bytea,
    logged_at timestamp with time zone DEFAULT now() NOT NULL
);


--
-- Name: meta; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.meta (
    singleton integer NOT NULL,
    application text NOT NULL,
    schema_version bigint NOT NULL,
    revision bigint NOT NULL,
    key_check bytea,
    CONSTRAINT meta_singleton_check CHECK ((singleton = 1))
);


--
-- Name: owners; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.owners (
    uid bigint NOT NULL,
    revision bigint NOT NULL
);


--
-- Name: places; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.places (
    rowid bigint NOT NULL,
    id uuid NOT NULL,
    owner bigint NOT NULL,
    "position" bigint NOT NULL,
    name text NOT NULL,
    description text NOT NULL,
    latitude double precision NOT NULL,
    longitude double precision NOT NULL,
    visited boolean NOT NULL,
    version bigint NOT NULL,
    created_at bigint NOT NULL,
    updated_at bigint NOT NULL,
    sealed bytea
);


--
-- Data for Name: changes; Type: TABLE DATA; Schema: public; Owner: -
--

COPY public.changes (revision, owner, owner_revision, kind, id, rowid, "position", renumbered, name, description, latitude, longitude, visited, version, created_at, updated_at, sealed, logged_at) FROM stdin;
1	0	1	added	d9ae6813-1271-4cc1-aaa1-582b781ce9df	1	2305843009213693952	\\x	Eiffel Tower	Iron lady	48.8584	2.2945	f	1	1796432028328	1796432028328	\N	2026-12-05 00:53:48.327836+00
2	0	2	added	67b38da6-2b8b-4de9-9e85-867dac97b705	2	2305843013508661248	\\x	Zürich HB		47.378	8.54	t	1	1796432028350	1796432028350	\N	2026-12-05 00:53:48.347603+00
3	0	3	added	3b2553ed-5313-4c3d-aae5-6d731c15d950	3	2305843017803628544	\\x	Colosseum		41.8902	12.4922	f	1	1796432028363	1796432028363	\N	2026-12-05 00:53:48.363688+00
4	0	4	updated	3b2553ed-5313-4c3d-aae5-6d731c15d950	3	2305843017803628544	\\x	Colosseum		41.8902	12.4922	t	2	1796432028363	1796432028378	\N	2026-12-05 00:53:48.378487+00
5	0	5	added	bee51925-e350-4027-ba08-b762e0331284	4	2305843022098595840	\\x	Gone		1	2	f	1	1796432028386	1796432028386	\N	2026-12-05 00:53:48.386297+00
6	0	6	removed	bee51925-e350-4027-ba08-b762e0331284	4	2305843022098595840	\\x	Gone		1	2	f	1	1796432028386	1796432028386	\N	2026-12-05 00:53:48.403762+00
\.


--
-- Data for Name: meta; Type: TABLE DATA; Schema: public; Owner: -
--

COPY public.meta (singleton, application, schema_version, revision, key_check) FROM stdin;
1	placesd	2	6	\N
\.


--
-- Data for Name: owners; Type: TABLE DATA; Schema: public; Owner: -
--

COPY public.owners (uid, revision) FROM stdin;
0	6
\.


--
-- Data for Name: places; Type: TABLE DATA; Schema: public; Owner: -
--

COPY public.places (rowid, id, owner, "position", name, description, latitude, longitude, visited, version, created_at, updated_at, sealed) FROM stdin;
1	d9ae6813-1271-4cc1-aaa1-582b781ce9df	0	2305843009213693952	Eiffel Tower	Iron lady	48.8584	2.2945	f	1	1796432028328	1796432028328	\N
2	67b38da6-2b8b-4de9-9e85-867dac97b705	0	2305843013508661248	Zürich HB		47.378	8.54	t	1	1796432028350	1796432028350	\N
3	3b2553ed-5313-4c3d-aae5-6d731c15d950	0	2305843017803628544	Colosseum		41.8902	12.4922	t	2	1796432028363	1796432028378	\N
\.


--
-- Name: changes changes_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.changes
    ADD CONSTRAINT changes_pkey PRIMARY KEY (revision);


--
-- Name: meta meta_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.meta
    ADD CONSTRAINT meta_pkey PRIMARY KEY (singleton);


--
-- Name: owners owners_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.owners
    ADD CONSTRAINT owners_pkey PRIMARY KEY (uid);


--
-- Name: places places_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.places
    ADD CONSTRAINT places_pkey PRIMARY KEY (rowid);


--
-- PostgreSQL database dump complete
--



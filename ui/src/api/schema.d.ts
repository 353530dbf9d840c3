export interface paths {
    "/api/v3/applicants": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List applicants
         * @description **Who may call:** An API key (its environment's data), or any reviewer signed in to the console.
         *
         *     Newest first. `has_next` tells whether a further page exists.
         */
        get: operations["listApplicants"];
        put?: never;
        /**
         * Create an applicant
         * @description **Who may call:** An API key (its environment's data), or any reviewer signed in to the console.
         *
         *     Creates a person (default) or organization applicant. Every field is optional; `external_id`
         *     must be unique within the environment. Contact details may be sent at the top level or
         *     inside `info`. Returns the new applicant's id.
         */
        post: operations["createApplicant"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v3/applicants/{applicant_id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Get an applicant
         * @description **Who may call:** An API key (its environment's data), or any reviewer signed in to the console.
         */
        get: operations["getApplicant"];
        put?: never;
        /**
         * Update an applicant
         * @description **Who may call:** An API key (its environment's data), or any reviewer signed in to the console.
         *
         *     The body is the flat info object of the public API (`full_name`, `dob`, `addresses`, ...)
         *     plus `email`, `phone`, `search_options` and `aml_screening_enabled`. Merge semantics: a
         *     field left out keeps its value, `null` clears it; `addresses` and `custom_fields` merge by
         *     key. Returns the updated applicant.
         */
        post: operations["updateApplicant"];
        /**
         * Delete an applicant
         * @description **Who may call:** An API key (its environment's data), or an admin signed in to the console.
         *
         *     Answers 200 with an empty body; the applicant is gone (404) from then on. Deleting is an
         *     erasure: the person's data goes everywhere Docket holds it (verifications and documents, AML
         *     history, monitored transactions, e-mail checks, events and unsent deliveries; journal bodies
         *     that name them are redacted), its KYB single checks and its KYB cases (as `DELETE
         *     /api/v4/kyb/verifications/{id}` erases one), recorded in the erasure log (`GET
         *     /_docket/erasures`).
         */
        delete: operations["deleteApplicant"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v3/applicants/by_external_id/{external_id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Get an applicant by external id
         * @description **Who may call:** An API key (its environment's data), or any reviewer signed in to the console.
         */
        get: operations["getApplicantByExternalId"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v3/applicants/{applicant_id}/search-options": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Change search options
         * @description **Who may call:** An API key (its environment's data), or any reviewer signed in to the console.
         *
         *     Sets how the applicant is screened. Fields left out keep their values. Returns the applicant.
         */
        post: operations["setApplicantSearchOptions"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v3/applicants/{applicant_id}/screening": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Turn AML monitoring on or off
         * @description **Who may call:** An API key (its environment's data), or any reviewer signed in to the console.
         *
         *     With monitoring on, the applicant is screened against the watchlists daily. Returns the
         *     applicant.
         */
        post: operations["setApplicantScreening"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v3/applicants/{applicant_id}/link/tg": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Link a Telegram profile
         * @description **Who may call:** An API key (its environment's data), or any reviewer signed in to the console.
         */
        post: operations["linkApplicantTelegram"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v3/aml/search": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Search the watchlists
         * @description **Who may call:** An API key (its environment's data), or any reviewer signed in to the console.
         *
         *     Screens a name against the sanctions, PEP, watchlist and adverse-media lists: in the sandbox,
         *     Docket's demo list and every imported list; in production, the imported lists only. `full_name`
         *     is required. With `first_name` and `last_name` (mode 0, AUTO) both forms are matched and the
         *     better counts. Filters that the entity's data contradicts remove it (`countries`,
         *     `date_of_birth`, `gender`, `cities`, `postal_codes`, `registration_ids`); `entity_types`,
         *     `tags`, `sources` and `risk_scores` select. Each hit carries `search_metadata` with match
         *     levels and Docket's `explanation` of the score. The search is kept in the history.
         */
        post: operations["amlSearch"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v3/aml/search/history": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List past searches
         * @description **Who may call:** An API key (its environment's data), or any reviewer signed in to the console.
         *
         *     Searches and applicant screenings of the caller's environment, newest first.
         */
        get: operations["amlSearchHistory"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v3/aml/search/history/{search_uuid}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Get a past search report
         * @description **Who may call:** An API key (its environment's data), or any reviewer signed in to the console.
         *
         *     The report as it was when the search ran, with `fatf_records` for the countries its hits are
         *     linked with. A screening (of an applicant, or of a KYB case's company or person) also names
         *     the party it `screened`, with the party's own name, date of birth, nationalities and
         *     countries (and the case's `case_public_id`), and each hit carries its `entity_version`, the
         *     `disposition` in force and the `disposition_history`.
         */
        get: operations["amlSearchReport"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/_docket/aml/screenings/{search_uuid}/hits/{entity_uuid}/disposition": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Dispose of a hit of a screening
         * @description **Who may call:** An API key (its environment's data), or any reviewer signed in to the console.
         *
         *     Records what a reviewer decided about one potential match of a screening (of an applicant, or
         *     of a KYB case's company or person): `true_match`, `false_positive` or
         *     `needs_more_information`, with a `reason` from the fixed list (true match: `details_match`,
         *     `identifier_matches`; false positive: `date_of_birth_differs`, `nationality_differs`,
         *     `entity_type_differs`, `name_only`; needs more information: `insufficient_list_data`,
         *     `awaiting_documents`; `other` for any, with a note) and a `note`. The actor is the caller (a
         *     reviewer, or the integration's API key). A new disposition replaces the one in force, which
         *     stays in `disposition_history`; each is on the audit chain (`hit_disposed`, with the case
         *     when the screening ran for one). Dispositions are kept for the party, the entity and the
         *     fingerprint of its list entry (`entity_version`): they hold for every later screening of
         *     the party, and an applicant's false positive raises no flag in its monitoring until the list
         *     entry changes (then the hit is a potential match again). A plain search of a name has no
         *     party: 409.
         */
        post: operations["amlDisposeHit"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v3/aml/search/{uuid}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Get a list entity
         * @description **Who may call:** An API key (its environment's data), or any reviewer signed in to the console.
         *
         *     One entity as the lists hold it now (demo-list entities only with a sandbox key).
         */
        get: operations["amlEntity"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/_docket/aml/lists": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List the watchlists
         * @description **Who may call:** An API key (its environment's data), or any reviewer signed in to the console.
         *
         *     Every imported list snapshot (the active one of each list, and the replaced ones), and the
         *     generated demo list. Imports are made with `docket lists import`.
         */
        get: operations["amlLists"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/_docket/aml/fatf": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The FATF table
         * @description **Who may call:** An API key (its environment's data), or any reviewer signed in to the console.
         *
         *     The FATF statuses `fatf_records` are drawn from: members, jurisdictions under increased
         *     monitoring, and those subject to a call for action. Replace it with `docket aml fatf --import`.
         */
        get: operations["amlFatf"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/webapi/public/datasources": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * List the data sources
         * @description **Who may call:** An API key (its environment's data), or any reviewer signed in to the console.
         *
         *     The sources screening reads (the JS client's `aml.getDataSources`): every source id the lists
         *     in use cite, with the name they give it, its address, the highest risk and every tag of its
         *     records, and (Docket additions) how many entities it names and from which list snapshots. In
         *     production the imported lists only; in the sandbox the demo list's sources too, merged with
         *     the imported ones of the same id. Every body field is optional: `name` (part of the source's
         *     id or name), `tags` and `risk_scores` (any of them), `page` (0-based) and `limit` (1 to 200,
         *     default 50). Ordered by source id.
         */
        post: operations["amlDataSources"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/_docket/events": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List events
         * @description **Who may call:** An API key (its environment's data), or any reviewer signed in to the console.
         *
         *     Domain events of the caller's environment, newest first, with their payloads: what webhooks
         *     deliver.
         */
        get: operations["listEvents"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v3/organization/webhooks": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List webhook endpoints
         * @description **Who may call:** An API key (its environment's data), or any reviewer signed in to the console.
         *
         *     The endpoints of the API key's environment, oldest first. Secrets are never shown again.
         */
        get: operations["listWebhooks"];
        put?: never;
        /**
         * Create a webhook endpoint
         * @description **Who may call:** An API key (its environment's data), or any reviewer signed in to the console.
         *
         *     Registers an endpoint for the API key's environment. The answer holds its signing secret
         *     (`whsec_` and 64 hex digits), shown only this once: keep it to verify `X-Webhook-Signature`.
         *     In production, a URL whose host is an address that is not public (loopback, private,
         *     link-local, any special-purpose block of the IANA registries, an IPv4 one carried in IPv6) or
         *     a `localhost` name is refused (400 naming the address' registry entry) unless an admin turned
         *     the address guard off; in the sandbox they are the normal case.
         */
        post: operations["createWebhook"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v3/organization/webhooks/{webhook_id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Get a webhook endpoint
         * @description **Who may call:** An API key (its environment's data), or any reviewer signed in to the console.
         */
        get: operations["getWebhook"];
        /**
         * Update a webhook endpoint
         * @description **Who may call:** An API key (its environment's data), or any reviewer signed in to the console.
         *
         *     Replaces the URL, event types and `enabled` (the body is the same as for creation). The
         *     secret stays. Enabling an endpoint Docket disabled (after a 410 Gone) clears the reason and
         *     resumes its pending deliveries.
         */
        put: operations["updateWebhook"];
        post?: never;
        /**
         * Delete a webhook endpoint
         * @description **Who may call:** An API key (its environment's data), or any reviewer signed in to the console.
         *
         *     Deletes the endpoint with its delivery history; pending deliveries are dropped.
         */
        delete: operations["deleteWebhook"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v3/organization/webhooks/{webhook_id}/hmac/rotate": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Rotate a signing secret
         * @description **Who may call:** An API key (its environment's data), or any reviewer signed in to the console.
         *
         *     Makes a new secret and returns it, once. The previous secret keeps signing for the
         *     environment's grace period (`rotation_grace_seconds`, default 24 h): meanwhile every delivery
         *     carries two `v1` signatures, so receivers can switch without losing events.
         */
        post: operations["rotateWebhookSecret"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v3/notifications/webhook/history": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Webhook delivery history
         * @description **Who may call:** An API key (its environment's data), or any reviewer signed in to the console.
         *
         *     Deliveries of the environment, newest first, with the envelope's payload, the number of
         *     attempts and the last status code (null while pending and unanswered). Docket adds `state`,
         *     `next_attempt_at`, `last_error`, `event_id` and `is_test`; `/_docket/webhooks/deliveries/{id}`
         *     shows every attempt.
         */
        get: operations["webhookHistory"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/_docket/webhooks/deliveries/{delivery_id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * One delivery, with every attempt
         * @description **Who may call:** An API key (its environment's data), or any reviewer signed in to the console.
         *
         *     The envelope exactly as sent, and for each attempt its time, signature timestamp, status
         *     code, latency, the start of the answer and the error, if any.
         */
        get: operations["webhookDelivery"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/_docket/webhooks/deliveries/{delivery_id}/replay": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Replay a delivery
         * @description **Who may call:** An API key (its environment's data), or any reviewer signed in to the console.
         *
         *     Sends a delivery again at once, delivered or not, with the same envelope and id (receivers
         *     that de-duplicate by `id` will see it as already handled), and a fresh retry schedule.
         */
        post: operations["replayWebhookDelivery"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/_docket/webhooks/{webhook_id}/test": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Send a test event
         * @description **Who may call:** An API key (its environment's data), or any reviewer signed in to the console.
         *
         *     Sends an example event to the endpoint at once, signed like any other, whatever types it
         *     subscribes to. An AML_SCREENING test carries a real search (in the sandbox, of the magic name
         *     Ivan Sanctionov), not recorded in the history; other types carry the catalogue's example.
         *     The delivery is marked `is_test` and has no `event_id`.
         */
        post: operations["sendWebhookTest"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/_docket/webhooks/settings": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Webhook settings
         * @description **Who may call:** An API key (its environment's data), or any reviewer signed in to the console.
         *
         *     The environment's webhook settings: the secret rotation grace period, the answer timeout,
         *     how long finished deliveries are kept, and whether production endpoints may use addresses
         *     that are not public (the address guard, set with `PUT /_docket/webhooks/address-guard`).
         */
        get: operations["webhookSettings"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        /**
         * Change webhook settings
         * @description **Who may call:** An API key (its environment's data), or an admin signed in to the console.
         *
         *     Fields left out keep their values. `allow_private_addresses` is refused here (400): it is
         *     the address guard, an admin's switch (`PUT /_docket/webhooks/address-guard`).
         */
        patch: operations["updateWebhookSettings"];
        trace?: never;
    };
    "/_docket/webhooks/address-guard": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /**
         * Switch the address guard
         * @description **Who may call:** Only an admin signed in to the console; an API key never reaches this control.
         *
         *     Production refuses webhook endpoints, and every delivery attempt, to addresses that are not
         *     public: loopback, private, link-local (cloud metadata), every block of the IANA
         *     special-purpose registries that is not globally reachable, an IPv4 address of these carried
         *     in IPv6, and `localhost` names. `{"allow_private_addresses": true}` turns the guard off, so
         *     that production deliveries may reach this machine and its networks; `false` turns it on
         *     again, and deliveries follow from their next attempt, whenever their endpoint was saved.
         *     An admin's, signed in to the console: each switch is an event on production's audit chain
         *     (`webhook_address_guard_changed`, with the reviewer, before and after). The sandbox always
         *     allows every address (409).
         */
        put: operations["putWebhookAddressGuard"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/_docket/info": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Describe the caller and the server
         * @description **Who may call:** An API key (its environment's data), or any reviewer signed in to the console.
         *
         *     The caller's organization and environment, how it is signed in, the environment's clock,
         *     and counts of what the environment holds (for the console's overview).
         */
        get: operations["docketInfo"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/_docket/clock": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Read the clock
         * @description **Who may call:** An API key (its environment's data), or any reviewer signed in to the console.
         *
         *     The environment's current time and how it relates to real time. Production always shows
         *     real time.
         */
        get: operations["getClock"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/_docket/clock/set": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Set the sandbox clock
         * @description **Who may call:** In a sandbox only: a sandbox key, or any reviewer signed in to the console with the sandbox selected.
         *
         *     Every time-dependent rule of the sandbox (record times, expiries, retries, daily screening)
         *     follows this clock. A frozen clock stands still until set or advanced again.
         */
        post: operations["setClock"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/_docket/clock/advance": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Advance the sandbox clock
         * @description **Who may call:** In a sandbox only: a sandbox key, or any reviewer signed in to the console with the sandbox selected.
         *
         *     Moves the clock forward; whatever falls due in between (retries, expiries, daily
         *     screenings) runs at once.
         */
        post: operations["advanceClock"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/_docket/clock/reset": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Return the sandbox clock to real time
         * @description **Who may call:** In a sandbox only: a sandbox key, or any reviewer signed in to the console with the sandbox selected.
         */
        post: operations["resetClock"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/_docket/reset": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Reset the sandbox data
         * @description **Who may call:** In a sandbox only: a sandbox key, or an admin signed in to the console with the sandbox selected.
         *
         *     Deletes every record of the caller's sandbox (applicants, the request journal, and the
         *     records later capabilities add). API keys and the clock stay. Use it between test runs.
         */
        post: operations["resetSandbox"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/_docket/requests": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List recorded requests
         * @description **Who may call:** An API key (its environment's data), or any reviewer signed in to the console.
         *
         *     Every API request of the caller's organization and environment, newest first: method, path,
         *     status, latency and bodies (secrets redacted, cut at 16 KiB), and who made it: `source` is
         *     `api` (with `api_key_id`) or `console` (with the `reviewer`'s name). The console's changes are
         *     recorded, its reads are not; reading the journal is not itself recorded.
         */
        get: operations["listRequests"];
        put?: never;
        post?: never;
        /**
         * Clear the request journal
         * @description **Who may call:** In a sandbox only: a sandbox key, or any reviewer signed in to the console with the sandbox selected.
         *
         *     Removes the sandbox's journal entries. Production's journal cannot be cleared (403); it
         *     shrinks by its retention settings only.
         */
        delete: operations["clearRequests"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/_docket/requests/refused": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Requests refused for want of a credential
         * @description **Who may call:** Only the machine's owner, signed in to the console.
         *
         *     Requests that presented no valid API key or console session are not recorded one by one
         *     (so nobody without a key can fill or flush the journal): they are counted per source
         *     address since the server started, with the last five of each. The machine owner's, as they
         *     belong to no organization.
         */
        get: operations["listRefusedRequests"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/_docket/keys": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List API keys
         * @description **Who may call:** Only an admin signed in to the console; an API key never reaches this control.
         *
         *     The keys of the caller's organization and environment, revoked ones included, oldest first.
         */
        get: operations["listKeys"];
        put?: never;
        /**
         * Create an API key
         * @description **Who may call:** Only an admin signed in to the console; an API key never reaches this control.
         *
         *     Makes a key for the caller's organization and environment. The answer holds the key itself,
         *     shown only this once (the request journal records the answer with the key redacted).
         */
        post: operations["createKey"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/_docket/keys/{key_id}/revoke": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Revoke an API key
         * @description **Who may call:** Only an admin signed in to the console; an API key never reaches this control.
         *
         *     Revokes a key of the caller's organization and environment at once: requests with it get 401
         *     from then on. A key may revoke itself.
         */
        post: operations["revokeKey"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v4/kyb/verifications": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List KYB verifications
         * @description **Who may call:** An API key (its environment's data), or any reviewer signed in to the console.
         *
         *     Newest first (or as `sort` says), `limit` 5 to 25 (default 20), `page` from 0 (spec 4.1).
         *     The organization and environment come from the key. Each row carries the company,
         *     form_progress and checks_summary blocks. Besides `has_next`, Docket answers `total`: how
         *     many cases the filters match in all.
         */
        get: operations["listKybVerifications"];
        put?: never;
        /**
         * Create a KYB case
         * @description **Who may call:** An API key (its environment's data), or any reviewer signed in to the console.
         *
         *     Opens a case for the organization applicant with `external_id` (created if there is none;
         *     without `external_id`, a new applicant). Company and representative data may be prefilled;
         *     the merchant completes the rest in the hosted widget at `widget_url`, or an integration fills
         *     it through the section and document operations below. `checks` replaces the default plan
         *     (see *KYB* in the guide).
         */
        post: operations["createKybVerification"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v4/kyb/verifications/{verification_id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Get a KYB verification
         * @description **Who may call:** An API key (its environment's data), or any reviewer signed in to the console.
         *
         *     The whole case (spec 4.2): the list row's fields, the form's values by section, what each
         *     incomplete section lacks, the persons, the documents, every check instance with its
         *     evidence (superseded ones included), the remediations, the timeline and the widget's URL.
         */
        get: operations["getKybVerification"];
        put?: never;
        post?: never;
        /**
         * Erase a case (a Docket addition)
         * @description **Who may call:** An API key (its environment's data), or an admin signed in to the console.
         *
         *     Erasure on request of one KYB case: the case with its checks, remediations, timeline,
         *     decisions and comments, its documents and their files, the AML searches of its people, and
         *     outbox events, unsent deliveries and journal bodies that name the case, its company or its
         *     people (sent deliveries keep only their ids). Its audit events are emptied and one `erased`
         *     audit event accounts for them, so the chain still verifies. Answers the erasure log's entry
         *     (`GET /_docket/erasures`); the case is gone (404) from then on. An API key, or a console admin.
         */
        delete: operations["eraseKybVerification"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v4/kyb/verifications/{verification_id}/sections/{section}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /**
         * Save a section
         * @description **Who may call:** An API key (its environment's data), or any reviewer signed in to the console.
         *
         *     Replaces one section's values (`company`, `representative` or `ownership`): fields left out
         *     are not given. Allowed while the case is `draft`, and for a section with an open remediation
         *     while it is `action_required`; otherwise 409. Malformed values are refused naming the field;
         *     missing ones are allowed (`missing` in the answer says what the section still lacks).
         */
        put: operations["saveKybSection"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v4/kyb/verifications/{verification_id}/documents": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Upload a document
         * @description **Who may call:** An API key (its environment's data), or any reviewer signed in to the console.
         *
         *     `multipart/form-data` with the document's `kind` (a query parameter, or a form field before
         *     the file) and one `file` part: a PDF, JPEG, PNG or WebP file (by its content) of at most
         *     20 MiB. Allowed while the case is `draft`, or with an open remediation on its documents.
         */
        post: operations["uploadKybDocument"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v4/kyb/verifications/{verification_id}/documents/{file_id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Download a document
         * @description **Who may call:** An API key (its environment's data), or any reviewer signed in to the console.
         *
         *     The file as uploaded, with the media type its content shows.
         */
        get: operations["getKybDocument"];
        put?: never;
        post?: never;
        /**
         * Remove a document
         * @description **Who may call:** An API key (its environment's data), or any reviewer signed in to the console.
         */
        delete: operations["removeKybDocument"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v4/kyb/verifications/{verification_id}/submit": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Submit a case
         * @description **Who may call:** An API key (its environment's data), or any reviewer signed in to the console.
         *
         *     Submits a `draft` case (or resubmits one in `action_required` after its remediations were
         *     addressed): every section must be complete, or the 400 names what each lacks. The case goes
         *     to `under_review` / `running_checks`, gets its `verification_id` and `submitted_at`, and its
         *     checks start (a resubmission runs again only the checks of the remediated sections).
         */
        post: operations["submitKybVerification"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v4/kyb/verifications/{verification_id}/remediations": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Open a remediation
         * @description **Who may call:** An API key (its environment's data), or any reviewer signed in to the console.
         *
         *     Asks the merchant to fix a section (`section`) or to upload a kind of document again
         *     (`document_kind`), with a message shown in the widget; or several at once (`items`, each
         *     with its own `message`), or a template's (`template_id`); `note` stays internal. The case
         *     moves to `action_required`
         *     (allowed while checks run, or while it awaits a reviewer); the widget link is renewed for 30
         *     days. The merchant's resubmission closes it.
         */
        post: operations["openKybRemediation"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v4/kyb/{applicant_id}/tin-verification": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Verify a TIN
         * @description **Who may call:** An API key (its environment's data), or any reviewer signed in to the console.
         *
         *     Checks whether the business name and TIN (EIN) combination matches tax-authority records
         *     (spec 4.3). Both fields are required; dashes are ignored and 9 digits must remain. Answers
         *     202 at once; poll `GET /api/v4/kyb/result/{request_id}` or listen for `KYB_CHECK`. In the
         *     sandbox the TIN's last digit selects the IRS answer (see the guide); in production Docket
         *     cannot reach the IRS offline and answers `failed` with the reason.
         */
        post: operations["verifyTin"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v4/kyb/{applicant_id}/us-registry-check": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Look up a US company registry
         * @description **Who may call:** An API key (its environment's data), or any reviewer signed in to the console.
         *
         *     `state` (name or code) and `company_name` or `sos_id`. Answers 202; the result lists the
         *     registry's records in `response_data.results`.
         */
        post: operations["usRegistryCheck"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v4/kyb/{applicant_id}/verify-document": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Verify corporate documents
         * @description **Who may call:** An API key (its environment's data), or any reviewer signed in to the console.
         *
         *     `documents`: files uploaded to one of the applicant's KYB cases (`doc_path` is the file id)
         *     with their type; `user_provided_data.shareholders`: people the documents should name.
         *     Answers 202; `response_data.result.document_results[]` holds each document's `errors`
         *     (`SHAREHOLDER_NAME_NOT_FOUND`, `DOCUMENT_MANIPULATED`, `NO_TEXT_LAYER`, ...).
         */
        post: operations["verifyKybDocument"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v4/kyb/result/{request_id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Get a single check's result
         * @description **Who may call:** An API key (its environment's data), or any reviewer signed in to the console.
         *
         *     `status` is `initial` until the check finishes, then `verified`, `not_verified` or `failed`
         *     (spec 4.4).
         */
        get: operations["getKybResult"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v4/kyb/verifications/{verification_id}/claim": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Claim a case
         * @description **Who may call:** Only any reviewer signed in to the console; an API key never reaches this control.
         *
         *     Assigns the case to the signed-in reviewer. Claiming one's own case again changes nothing; a case someone else works is refused with 409 naming
         *     them. A decided case is not claimed.
         */
        post: operations["claimKybCase"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v4/kyb/verifications/{verification_id}/release": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Release a case
         * @description **Who may call:** Only any reviewer signed in to the console; an API key never reaches this control.
         *
         *     Leaves the case unassigned: by its assignee, or an admin.
         */
        post: operations["releaseKybCase"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v4/kyb/verifications/{verification_id}/assign": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Assign a case
         * @description **Who may call:** Only an admin signed in to the console; an API key never reaches this control.
         *
         *     An admin assigns the case to `reviewer_id` (null: nobody).
         */
        post: operations["assignKybCase"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v4/kyb/verifications/{verification_id}/decision": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Decide a case
         * @description **Who may call:** An API key (its environment's data), or any reviewer signed in to the console.
         *
         *     Approves or rejects a case that waits for a reviewer (`manual_review` or `failed`), with one
         *     or several reasons from the taxonomy (`reasons`; the single `reason` of before is still
         *     taken) and a required internal `note`. Approve: `checks_clear`, `false_positive_cleared`,
         *     `risk_accepted`, `manually_verified`, `enhanced_due_diligence`. Reject: `sanctions_match`,
         *     `politically_exposed_person`, `adverse_media`, `prohibited_business`,
         *     `high_risk_jurisdiction`, `fraud_suspected`, `document_tampered`, `incomplete_documents`,
         *     `identity_unverifiable`, `company_unverifiable`, `ubo_undisclosed`, `ownership_unclear`,
         *     `registry_mismatch`, `information_mismatch`, `unresponsive_merchant`. `other` fits either.
         *     `merchant_message` is what the merchant reads in the widget once the decision applies; the
         *     note never leaves the reviewers. In the console, only the assignee decides. With an API key
         *     the decision is the integration's own, recorded as `API key <id>`: it decides only a case no
         *     reviewer works (403 otherwise). When the environment's four-eyes policy applies, the case
         *     keeps its status and `review.pending_decision` holds the decision until a senior's second
         *     approval in the console; `approver_id` names that senior (an active senior or admin of the
         *     organization other than the decider, 400 otherwise), who then finds it in their inbox. While
         *     it waits, the case's SLA is the approval's own (`sla_hours.awaiting_approval`). Without four
         *     eyes the case moves to `approved_manually` or `rejected_manually` at once. Any other status
         *     is a 409 naming it.
         */
        post: operations["decideKybCase"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v4/kyb/verifications/{verification_id}/second-approval": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Give the second approval
         * @description **Who may call:** Only a senior reviewer or an admin signed in to the console; an API key never reaches this control.
         *
         *     Under four eyes: a senior or admin (signed in to the console) other than the first reviewer
         *     confirms the pending
         *     decision (`confirm: true`: the case's status changes now) or overturns it (`false`: the
         *     decision is dropped and the case stays with its first reviewer). Both steps show in
         *     `decisions`.
         */
        post: operations["secondApprovalKybCase"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v4/kyb/verifications/{verification_id}/remediation": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Request a remediation
         * @description **Who may call:** An API key (its environment's data), or any reviewer signed in to the console.
         *
         *     The same as `POST .../remediations`: asks the merchant to fix one section or upload one kind
         *     of document again (`section` / `document_kind` with `message`), or several at once (`items`,
         *     each with its own `message`, the request's `message` for those without), or what a template
         *     of the environment asks (`template_id`). Each becomes a remediation the widget shows on its
         *     section; `note` stays internal. A reviewer may ask only on a case that is theirs or nobody's;
         *     an API key only on a case no reviewer works.
         */
        post: operations["requestKybRemediation"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v4/kyb/verifications/{verification_id}/comments": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Comment on a case
         * @description **Who may call:** Only any reviewer signed in to the console; an API key never reaches this control.
         *
         *     An internal note (never shown to the merchant). `@Name` mentions a reviewer by their whole
         *     name; the mentioned reviewers are listed in `mentions`.
         */
        post: operations["commentKybCase"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v4/kyb/verifications/{verification_id}/documents/{file_id}/preview": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Preview a page of a document
         * @description **Who may call:** An API key (its environment's data), or any reviewer signed in to the console.
         *
         *     One page of a case's document as a JPEG at most `size` (default 640) pixels on its longest
         *     side: a picture is downsized; a PDF's page is rendered by poppler, with the words of `find`
         *     marked where its text layer has them. `X-Page-Count` says how many pages the document has.
         */
        get: operations["previewKybDocument"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v4/kyb/verifications/{verification_id}/checks/{check_id}/rerun": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Run an errored check again
         * @description **Who may call:** Only any reviewer signed in to the console; an API key never reaches this control.
         *
         *     Runs one check of the case that could not run (`state: error`) again, while the case waits
         *     for a reviewer (`manual_review` or `failed`): the errored instance stays as history
         *     (`superseded_at`) and a new instance of the same type and subject is run by the pipeline
         *     (`pending` until it ends; the summary follows). A reviewer other than the assignee may not
         *     (an admin may). On the timeline and the audit chain as `check_rerun`. When it passes and the
         *     other checks stand done, the risk score it kept from being given is given (`rescored`): a
         *     `failed` case moves to `manual_review`, still its reviewer's.
         */
        post: operations["rerunKybCheck"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/_docket/me": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Who is signed in
         * @description **Who may call:** Only any reviewer signed in to the console; an API key never reaches this control.
         *
         *     The reviewer the console session was opened for.
         */
        get: operations["getMe"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/_docket/reviewers": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List reviewers
         * @description **Who may call:** Only any reviewer signed in to the console; an API key never reaches this control.
         *
         *     The organization's reviewer accounts: the machine's owner first, then by name.
         */
        get: operations["listReviewers"];
        put?: never;
        /**
         * Add a reviewer
         * @description **Who may call:** Only an admin signed in to the console; an API key never reaches this control.
         *
         *     An admin adds a reviewer account with its role (`reviewer`, `senior`: may
         *     give the second approval, `admin`: also manages reviewers and the desk's rules) and gets a
         *     one-time sign-in link for them. Names are unique whatever their letter case (409).
         */
        post: operations["addReviewer"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/_docket/reviewers/{reviewer_id}/link": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Make a sign-in link for a reviewer
         * @description **Who may call:** Only an admin signed in to the console; an API key never reaches this control.
         *
         *     A new one-time link (24 hours) for an enabled reviewer, made by an admin for someone else
         *     than themselves and the machine's owner. For a reviewer who has a password, the link is a
         *     reset: their password and second factor are cleared and their sessions end (so they notice).
         *     Both are on the audit chain.
         */
        post: operations["reviewerLink"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/_docket/reviewers/{reviewer_id}/disable": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Disable a reviewer
         * @description **Who may call:** Only an admin signed in to the console; an API key never reaches this control.
         *
         *     The reviewer's sessions end at once and they can no longer sign in; their history stays.
         *     The machine's owner cannot be disabled.
         */
        post: operations["disableReviewer"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/_docket/reviewers/{reviewer_id}/enable": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Enable a reviewer
         * @description **Who may call:** Only an admin signed in to the console; an API key never reaches this control.
         */
        post: operations["enableReviewer"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/_docket/desk/settings": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The desk's rules
         * @description **Who may call:** An API key (its environment's data), or any reviewer signed in to the console.
         *
         *     The environment's four-eyes policy (`off`, `high_risk`: risk level high or unknown, or an
         *     AML finding; `rejections`; `all`) and the SLA allowance of each stage in hours (null: none).
         */
        get: operations["getDeskSettings"];
        /**
         * Set the desk's rules
         * @description **Who may call:** Only an admin signed in to the console; an API key never reaches this control.
         *
         *     An admin's, in the console. Open cases' SLA due times follow the new allowances at once; the
         *     change is on the audit chain.
         */
        put: operations["putDeskSettings"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/_docket/desk/counts": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The queue's counts
         * @description **Who may call:** An API key (its environment's data), or any reviewer signed in to the console.
         *
         *     Cases per tab (stage), and the signed-in reviewer's open cases, the unassigned ones waiting
         *     for a reviewer, those past their SLA, and those awaiting a second approval.
         */
        get: operations["getDeskCounts"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/_docket/desk/next": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Take the next case
         * @description **Who may call:** Only any reviewer signed in to the console; an API key never reaches this control.
         *
         *     For a senior or admin, first the oldest decision awaiting a second approval that they may
         *     give and that is routed to them or to no one: it is routed to them now (the case stays its
         *     first reviewer's). Otherwise, and for everyone else, assigns the oldest case waiting for a
         *     reviewer (`manual_review` or `failed`) that nobody works and no decision awaits to the
         *     signed-in reviewer. Atomically: reviewers asking at once never get the same one. 404 when
         *     none waits.
         */
        post: operations["nextCase"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/_docket/desk/metrics": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Reviewer metrics
         * @description **Who may call:** Only any reviewer signed in to the console; an API key never reaches this control.
         *
         *     Per reviewer, over decisions made in the period: decided, approved and rejected with their
         *     rates, the median time from assignment to decision, second approvals given and overturned,
         *     and SLA breaches of cases while assigned to them.
         */
        get: operations["getDeskMetrics"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/_docket/desk/assignments": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Assign or release several cases
         * @description **Who may call:** Only any reviewer signed in to the console; an API key never reaches this control.
         *
         *     `action: assign` assigns each case to `reviewer_id` (null: the signed-in reviewer). A
         *     reviewer assigning to themselves claims each case, as `POST .../claim` does (a case someone
         *     else works is refused, 409). An admin's assignment, to anyone, reassigns each case as `POST
         *     .../assign` does; assigning to someone else is an admin's (403 for the whole request). `action: release` releases each
         *     case as `POST .../release` does (one's own; an admin any). Each case is its own transaction
         *     and audit event; one refused does not stop the others: the answer is 200 with an outcome per
         *     case. 1 to 100 cases.
         */
        post: operations["bulkAssignCases"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/_docket/desk/stuck-checks": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Cases with stuck checks
         * @description **Who may call:** Only an admin signed in to the console; an API key never reaches this control.
         *
         *     Cases in *Running checks* past that stage's SLA, the most overdue first (at most 200), each
         *     with its pending checks: how often each was tried, its last error and when it runs next. A
         *     reviewer cannot act on these; their breach is not counted as a reviewer's (`sla_breached`)
         *     but as `checks_stuck`.
         */
        get: operations["listStuckChecks"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/_docket/desk/approvals": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Decisions awaiting a second approval
         * @description **Who may call:** An API key (its environment's data), or any reviewer signed in to the console.
         *
         *     The four-eyes queue: every first decision of the environment that waits for a senior, oldest
         *     first, with its case, reasons, the senior it is routed to (`decision.approver`: named by the
         *     first reviewer, or the one who took it with *Next case*; null: any senior) and the
         *     approval's own SLA. For a console caller, `may_approve` says whether they may give it (a
         *     senior or admin other than the first reviewer, nor another account of the same person) and
         *     `routed_to_me` whether it is routed to them; for an API key both are false.
         */
        get: operations["listApprovals"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/_docket/desk/inbox": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The signed-in reviewer's inbox
         * @description **Who may call:** Only any reviewer signed in to the console; an API key never reaches this control.
         *
         *     The second approvals they may give that are routed to them or to no one (every senior sees
         *     those), oldest first, and the latest 20 comments by others that mention them, newest first,
         *     each `read` or not, with `unread_mentions` (all of them). The console shows the number of
         *     approvals and of unread mentions beside *Inbox* in its sidebar.
         */
        get: operations["getInbox"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/_docket/desk/mentions/read": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Mark mentions read
         * @description **Who may call:** Only any reviewer signed in to the console; an API key never reaches this control.
         *
         *     Marks read the signed-in reviewer's mentions on one case (`case_id`: the console does so when
         *     they open it) or all of them (no `case_id`). Answers their inbox with the unread count.
         */
        post: operations["readMentions"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/_docket/desk/remediation-templates": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List remediation templates
         * @description **Who may call:** An API key (its environment's data), or any reviewer signed in to the console.
         *
         *     The environment's remediation templates, by name: several sections and documents, each with
         *     its instruction, and a message for the items without one. A remediation names one with
         *     `template_id`.
         */
        get: operations["listRemediationTemplates"];
        put?: never;
        /**
         * Add a remediation template
         * @description **Who may call:** Only an admin signed in to the console; an API key never reaches this control.
         *
         *     An admin's, in the console; on the audit chain. Names are unique in the environment whatever
         *     their letter case (409). Each item is checked as a remediation made from it would be.
         */
        post: operations["addRemediationTemplate"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/_docket/desk/remediation-templates/{template_id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /**
         * Change a remediation template
         * @description **Who may call:** Only an admin signed in to the console; an API key never reaches this control.
         *
         *     Replaces its name, items and message (an admin's; on the audit chain).
         */
        put: operations["updateRemediationTemplate"];
        post?: never;
        /**
         * Delete a remediation template
         * @description **Who may call:** Only an admin signed in to the console; an API key never reaches this control.
         *
         *     An admin's; on the audit chain. Remediations made from it keep what they asked.
         */
        delete: operations["deleteRemediationTemplate"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/_docket/me/sessions": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * My sessions
         * @description **Who may call:** Only any reviewer signed in to the console; an API key never reaches this control.
         *
         *     The signed-in reviewer's live console sessions, newest use first, with where each was opened
         *     from and how (`link` or `password`); `current` marks this one.
         */
        get: operations["listMySessions"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/_docket/me/sessions/{session_id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /**
         * End one of my sessions
         * @description **Who may call:** Only any reviewer signed in to the console; an API key never reaches this control.
         *
         *     Signs one of the reviewer's own sessions out (a browser left signed in elsewhere).
         */
        delete: operations["endMySession"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/_docket/me/password": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /**
         * Set my password
         * @description **Who may call:** Only any reviewer signed in to the console; an API key never reaches this control.
         *
         *     12 to 128 characters, not one's name; `current_password` is required once a password is set.
         *     With a second factor set up too, the reviewer signs in at `/_docket/console/sign-in`.
         */
        put: operations["setMyPassword"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/_docket/me/second-factor": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Set up my authenticator
         * @description **Who may call:** Only any reviewer signed in to the console; an API key never reaches this control.
         *
         *     A new TOTP secret (RFC 6238: SHA-1, 6 digits, 30 seconds) for an authenticator app, shown
         *     once as base32 and as an `otpauth://` URI; it takes effect when a code it makes is confirmed.
         *     Replacing an authenticator in use takes a `current_code` of it.
         */
        post: operations["startSecondFactor"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/_docket/me/second-factor/confirm": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Confirm my authenticator
         * @description **Who may call:** Only any reviewer signed in to the console; an API key never reaches this control.
         *
         *     A code from the authenticator being set up confirms it; it then replaces any other.
         */
        post: operations["confirmSecondFactor"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/_docket/sessions": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Everyone's sessions
         * @description **Who may call:** Only an admin signed in to the console; an API key never reaches this control.
         *
         *     Every live console session of the organization, newest use first: who, since when, from
         *     where and how.
         */
        get: operations["listSessions"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/_docket/sessions/{session_id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /**
         * End a session
         * @description **Who may call:** Only an admin signed in to the console; an API key never reaches this control.
         *
         *     An admin signs any session of the organization out. On the audit chain.
         */
        delete: operations["endSession"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/_docket/reviewers/{reviewer_id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /**
         * Remove a reviewer
         * @description **Who may call:** Only an admin signed in to the console; an API key never reaches this control.
         *
         *     The reviewer can no longer sign in: their sessions end and their password and second factor
         *     go. Their decisions, comments and events keep their name. Not the machine's owner, not
         *     oneself. On the audit chain.
         */
        delete: operations["removeReviewer"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/_docket/reviewers/{reviewer_id}/role": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /**
         * Change a reviewer's role
         * @description **Who may call:** Only an admin signed in to the console; an API key never reaches this control.
         *
         *     `reviewer`, `senior` or `admin`; it applies from the reviewer's next request. Not the
         *     machine's owner, not oneself. On the audit chain.
         */
        put: operations["setReviewerRole"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/_docket/audit": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The audit trail
         * @description **Who may call:** An API key (its environment's data), or any reviewer signed in to the console.
         *
         *     The environment's audit events, newest first (limit 1 to 100, default 50): every case event
         *     (created, submitted, check_completed, checks_finished, assigned, released, commented,
         *     remediation_opened, decision_proposed, decided, second_approval, sla_breached, ...) and every
         *     change of the desk's rules, each linked to the one before by its hash.
         */
        get: operations["listAuditEvents"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/_docket/audit/export": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Export the audit chain
         * @description **Who may call:** An API key (its environment's data), or any reviewer signed in to the console.
         *
         *     The environment's whole chain as JSON Lines, oldest first: verify it with `docket audit
         *     verify FILE`, or with the few lines of Python in the guide.
         */
        get: operations["exportAudit"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/_docket/audit/verify": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Verify the audit chain
         * @description **Who may call:** An API key (its environment's data), or any reviewer signed in to the console.
         *
         *     Follows the stored chain event by event, emptied events included, and reads on past a
         *     problem: `ok` false lists each event that was edited, removed, reordered or emptied without an
         *     erasure (`problems`, the first also as `problem`), each with the admin's acknowledgement if
         *     there is one; `unacknowledged` counts the rest. `head_hash` is the last event's hash: kept
         *     elsewhere, it proves every event up to it, and shows later whether events were cut from the
         *     end. What it finds is what `/_docket/audit/status` answers until the next verification.
         */
        get: operations["verifyAudit"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/_docket/audit/status": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The audit chain's last verification
         * @description **Who may call:** An API key (its environment's data), or any reviewer signed in to the console.
         *
         *     What the last verification of the environment's chain found (every start of Docket verifies
         *     every chain, beside serving; `/_docket/audit/verify` verifies again), without verifying now:
         *     the console shows a broken chain on every page while `verification.unacknowledged` is above 0.
         *     Both fields are null until the chain was verified since Docket started.
         */
        get: operations["auditStatus"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/_docket/audit/acknowledge": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Acknowledge problems of the audit chain
         * @description **Who may call:** Only an admin signed in to the console; an API key never reaches this control.
         *
         *     A console admin acknowledges problems a verification found, naming each by its `seq` (as
         *     `/_docket/audit/verify` lists them) with a note saying what was found and done. The chain is
         *     verified again first; the acknowledgement is appended to the chain (`chain_problem_acknowledged`,
         *     by the admin, naming each problem's `seq`, `kind` and `message`, with the note), and the
         *     verification that follows is answered. An acknowledged problem stays listed; a later one is
         *     shown again. 409 when a named event has no problem, or its problem is acknowledged already.
         */
        post: operations["acknowledgeAudit"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/_docket/data": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The data directory at a glance
         * @description **Who may call:** Only the machine's owner, signed in to the console.
         *
         *     Where the data lives and its size, whether the directory is private and the data encrypted
         *     at rest, where backups go and the newest of them. The machine owner's.
         */
        get: operations["getDataStatus"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/_docket/data/key": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The database key, to keep a copy
         * @description **Who may call:** Only the machine's owner, signed in to the console.
         *
         *     The key the database and stored files are encrypted with (and so the backups): the desktop
         *     app keeps it in the OS keychain, where nobody sees it, so that a copy kept apart from the
         *     computer (a password manager, a sealed envelope) is the only way back from a lost or broken
         *     machine to its backups. The machine owner's; the request journal records that it was asked
         *     for, never the key. 409 when the database is not encrypted.
         */
        get: operations["getDatabaseKey"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/_docket/backups": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Back up now
         * @description **Who may call:** Only the machine's owner, signed in to the console.
         *
         *     Takes a backup (the same archive as `docket backup`) into the settings' folder as
         *     `docket-<time>.docket-backup`, records it, and deletes the oldest beyond the number to keep.
         *     Docket goes on serving meanwhile; a second request waits for the first.
         */
        post: operations["takeBackup"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/_docket/backups/settings": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /**
         * Set where backups go
         * @description **Who may call:** Only the machine's owner, signed in to the console.
         *
         *     Replaces the settings: `folder` an absolute path on this machine (`null` or absent: `backups`
         *     in the data directory, which guards against mistakes but not against losing the disk), `keep`
         *     how many backups to keep, 1 to 100 (absent: 7), `daily` whether one is taken every day
         *     (absent: no; the first at once when the newest backup is a day old or there is none, by
         *     "daily schedule").
         */
        put: operations["putBackupSettings"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/_docket/erasures": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The erasure log
         * @description **Who may call:** An API key (its environment's data), or an admin signed in to the console.
         *
         *     The environment's erasures, newest first (at most 100): whose data (by id only), when, by
         *     whom, and how many records of each kind went. Deleting an applicant
         *     (`DELETE /api/v3/applicants/{id}`) or `docket erase --applicant ID` adds one.
         */
        get: operations["listErasures"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/_docket/retention": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The environment's retention
         * @description **Who may call:** An API key (its environment's data), or any reviewer signed in to the console.
         *
         *     How long this environment keeps its request journal, finished webhook deliveries and AML
         *     search history.
         */
        get: operations["getRetention"];
        /**
         * Set the environment's retention
         * @description **Who may call:** Only an admin signed in to the console; an API key never reaches this control.
         *
         *     Replaces the settings (a field left out takes its default: the journal the server's own
         *     limit, deliveries 30 days, searches kept) and enforces them at once; then every hour. An
         *     admin's, in the console; the change is on the audit chain.
         */
        put: operations["putRetention"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v4/deepfake/stream": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Stream frames for deepfake analysis (WebSocket)
         * @description **Who may call:** An API key (its environment's data), or any reviewer signed in to the console.
         *
         *     The protocol of the public deepfake bot (the guide's "Deepfake analysis" section): connect
         *     with the API key (`ds-api-token`, or `Authorization: Bearer <key>` as the bot sends it), send
         *     each video frame (JPEG or WebP) or audio chunk (16-bit PCM at 16 kHz) as one binary protocol
         *     buffer `FrameRequest`, and read binary `ResultEvent`s. Optional query parameter
         *     `applicant_id` (Docket's) ties the analysis to an applicant. The sandbox answers every frame
         *     with a simulated state from the participant id (`alert`, `suspicious`, else `clear`);
         *     production answers each track's first frame with an `ERROR` event saying that nothing offline
         *     can tell a deepfake, and keeps the stream's metadata as evidence. When the stream closes, the
         *     analysis is stored and `DEEPFAKE_ANALYSIS` is sent. A plain request (no upgrade) is a `426`.
         */
        get: operations["deepfakeStream"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v4/deepfake/analyses": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List deepfake analyses
         * @description **Who may call:** An API key (its environment's data), or any reviewer signed in to the console.
         *
         *     Newest first; `limit` 1 to 200 (default 20), `page` from 0.
         */
        get: operations["listDeepfakeAnalyses"];
        put?: never;
        /**
         * Analyse a video or a picture
         * @description **Who may call:** An API key (its environment's data), or any reviewer signed in to the console.
         *
         *     `multipart/form-data`: `file` (a JPEG, PNG or WebP picture, or an MP4, QuickTime or WebM
         *     video, by its content; at most 100 MiB) and `applicant_id` (optional). Answers `201` with the
         *     analysis. The sandbox's verdict comes from the file's name: `alert` in it gives `alert`,
         *     `suspicious` gives `suspicious`, anything else `clear`, each with a fixed score. Production
         *     stores the file and answers `status: error` with the plain reason (nothing offline can tell a
         *     deepfake) and no score: a reviewer reads the evidence. `DEEPFAKE_ANALYSIS` is sent either way.
         */
        post: operations["createDeepfakeAnalysis"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v4/deepfake/analyses/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Get a deepfake analysis
         * @description **Who may call:** An API key (its environment's data), or any reviewer signed in to the console.
         */
        get: operations["getDeepfakeAnalysis"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v3/profiles": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List verification profiles
         * @description **Who may call:** An API key (its environment's data), or any reviewer signed in to the console.
         *
         *     Archived ones included (`is_archived`); the default first, then by name.
         */
        get: operations["listProfiles"];
        put?: never;
        /**
         * Create a verification profile
         * @description **Who may call:** An API key (its environment's data), or any reviewer signed in to the console.
         *
         *     A profile says what a verification asks for: which identity documents, a selfie or liveness
         *     photo, a proof of address, which countries, the fields the person fills in and the hosted
         *     page's finish screen. Every environment starts with a default profile named `Default`.
         */
        post: operations["createProfile"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v3/profiles/{profile_id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Get a verification profile
         * @description **Who may call:** An API key (its environment's data), or any reviewer signed in to the console.
         */
        get: operations["getProfile"];
        put?: never;
        /**
         * Update a verification profile
         * @description **Who may call:** An API key (its environment's data), or any reviewer signed in to the console.
         *
         *     `name`, `description` and `settings` replace what they name (settings as a whole).
         *     Verifications made before keep the settings they were made with.
         */
        post: operations["updateProfile"];
        /**
         * Archive a verification profile
         * @description **Who may call:** An API key (its environment's data), or any reviewer signed in to the console.
         *
         *     It stays readable but takes no new verifications, and its link stops working. The default
         *     profile cannot be archived: make another the default first.
         */
        delete: operations["archiveProfile"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v3/profiles/{profile_id}/set_default": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Make a profile the default
         * @description **Who may call:** An API key (its environment's data), or any reviewer signed in to the console.
         *
         *     Verifications created without `profile_id` use it.
         */
        post: operations["setDefaultProfile"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v3/profiles/{profile_id}/link": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Create a profile's public link
         * @description **Who may call:** An API key (its environment's data), or any reviewer signed in to the console.
         *
         *     One link per profile (a second is refused with 400). Its hosted page,
         *     `{server}/vp/{link_id}` (the profile's `link.web_link`), lets anyone start a verification
         *     with the profile, for a new applicant; the outcome arrives by webhook.
         */
        post: operations["createLink"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v3/profiles/link/{link_id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Change a link's options
         * @description **Who may call:** An API key (its environment's data), or any reviewer signed in to the console.
         */
        post: operations["changeLink"];
        /**
         * Archive a link
         * @description **Who may call:** An API key (its environment's data), or any reviewer signed in to the console.
         *
         *     Its page stops starting verifications (verifications already started go on).
         */
        delete: operations["archiveLink"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v3/profiles/link/{link_id}/unarchive": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Unarchive a link
         * @description **Who may call:** An API key (its environment's data), or any reviewer signed in to the console.
         */
        post: operations["unarchiveLink"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v3/verifications": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List verifications
         * @description **Who may call:** An API key (its environment's data), or any reviewer signed in to the console.
         *
         *     Newest first, with the filters below.
         */
        get: operations["listVerifications"];
        put?: never;
        /**
         * Create a verification
         * @description **Who may call:** An API key (its environment's data), or any reviewer signed in to the console.
         *
         *     Opens a verification for `applicant_id` (or a new applicant) with a profile's settings. The
         *     person uploads documents (here through `/api/v3/upload/{applicant_id}`, or on the hosted page
         *     at `verification_url`), then it is proceeded and checked; `DOCVER` reports the outcome.
         */
        post: operations["createVerification"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v3/verifications/{verification_id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Get a verification
         * @description **Who may call:** An API key (its environment's data), or any reviewer signed in to the console.
         */
        get: operations["getVerification"];
        put?: never;
        post?: never;
        /**
         * Erase a verification (a Docket addition)
         * @description **Who may call:** An API key (its environment's data), or an admin signed in to the console.
         *
         *     Erasure on request of one document verification: it, its documents and their stored files,
         *     and the outbox events, unsent deliveries (sent ones keep only their ids) and request journal
         *     bodies that name it, its documents or the name and document number its document reads. The
         *     applicant stays (`DELETE /api/v3/applicants/{id}` erases a person whole). Answers the erasure
         *     log's entry (`GET /_docket/erasures`). An API key, or a console admin.
         */
        delete: operations["eraseVerification"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v3/verifications/short/{short_id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Get a verification by its short id
         * @description **Who may call:** An API key (its environment's data), or any reviewer signed in to the console.
         *
         *     The short id is `verification_url_id`, the last part of `verification_url`.
         */
        get: operations["getVerificationByShortId"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v3/verifications/applicant/{applicant_id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List an applicant's verifications
         * @description **Who may call:** An API key (its environment's data), or any reviewer signed in to the console.
         */
        get: operations["listApplicantVerifications"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v3/verifications/{verification_id}/proceed": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Proceed with a verification
         * @description **Who may call:** An API key (its environment's data), or any reviewer signed in to the console.
         *
         *     Call it when every document is in: the verification goes to `in_progress` and its checks
         *     run (in the sandbox they finish 20 seconds later on the sandbox clock). While documents are
         *     missing, a 400 names them in `pending_documents`.
         */
        post: operations["proceedVerification"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v3/verifications/{verification_id}/cancel": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Cancel a verification
         * @description **Who may call:** An API key (its environment's data), or any reviewer signed in to the console.
         *
         *     From any status but `verified` and `failed`; cancelling again changes nothing. GET (as the
         *     Go client calls it) and POST do the same.
         */
        get: operations["cancelVerification"];
        put?: never;
        /**
         * Cancel a verification (POST)
         * @description **Who may call:** An API key (its environment's data), or any reviewer signed in to the console.
         */
        post: operations["cancelVerificationByPost"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v3/upload/{applicant_id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Upload a document
         * @description **Who may call:** An API key (its environment's data), or any reviewer signed in to the console.
         *
         *     `multipart/form-data`: `file` (a JPEG, PNG or WebP picture or a PDF, by its content; at most
         *     20 MiB), `document_type` (a DocumentType, or `poi` for an identity document whose type is
         *     detected), `side` (`front` or `back`, for two-sided documents) and `issued_country` (ISO
         *     alpha-3). The document joins the applicant's open verification, if any. `errors` lists what
         *     was found at once (a document of a country the profile refuses: 3101).
         */
        post: operations["uploadDocument"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v3/documents/{document_id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Download a document
         * @description **Who may call:** An API key (its environment's data), or any reviewer signed in to the console.
         *
         *     The file as uploaded, with `Content-Type` (what its content is) and `X-Document-Type`.
         */
        get: operations["downloadDocument"];
        put?: never;
        post?: never;
        /**
         * Erase a document (a Docket addition)
         * @description **Who may call:** An API key (its environment's data), or an admin signed in to the console.
         *
         *     The document's file is deleted from the file store and its record becomes a tombstone (its
         *     type, side, upload time, verification, and who erased it when; never its content, name or
         *     hash); the erasure goes on the audit chain (`document_erased`). Answers the tombstone. A
         *     document a decided verification (`verified`, `failed`) relied on is the record of that
         *     decision and is kept (`409`): erasing the applicant removes it with the decision. One under
         *     review (`in_progress`) is refused too. A document of an open verification leaves it. Erasing
         *     it again, or downloading it, is a `410` that says who erased it when. An API key, or a
         *     console admin.
         */
        delete: operations["eraseDocument"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v3/applicants/{applicant_id}/documents": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List an applicant's documents (a Docket addition)
         * @description **Who may call:** An API key (its environment's data), or any reviewer signed in to the console.
         *
         *     Every document uploaded for the applicant, newest first, stored (`stored`: content type,
         *     size, SHA-256, file name, issuing country) or erased (`erased`: by whom and when), with the
         *     verification it belongs to and that verification's status. `limit` 1 to 100 (default 10),
         *     `page` from 0.
         */
        get: operations["listApplicantDocuments"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v3/documents/{document_id}/preview": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Download a document's preview
         * @description **Who may call:** An API key (its environment's data), or any reviewer signed in to the console.
         *
         *     A JPEG at most 640 pixels on its longest side: the picture downsized, or a PDF's first page
         *     (rendered by poppler's `pdftoppm`, or the scanned picture inside the PDF). A PDF that has
         *     neither gets 415.
         */
        get: operations["downloadDocumentPreview"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/_docket/verifications/{verification_id}/outcomes": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Record a reviewer's outcome of a check
         * @description **Who may call:** Only any reviewer signed in to the console; an API key never reaches this control.
         *
         *     What Docket cannot check offline (face comparison, liveness, the reading of a document
         *     without a machine-readable zone) waits in `in_progress` for a person. A reviewer records each
         *     check's outcome here (a failure names at least one error code). The outcome is held for one
         *     minute on the environment's clock, during which `POST .../outcomes/{check}/undo` takes it
         *     back; then it takes effect: the check gets it, `DOCVER_CHECKS` goes out, and the last one
         *     finishes the verification and sends `DOCVER`. Webhooks are never sent for an outcome that
         *     could still be undone. The held outcomes are listed in the file's `review.pending_outcomes`.
         */
        post: operations["recordVerificationOutcome"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/_docket/verifications/{verification_id}/outcomes/{check}/undo": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Undo a reviewer's outcome
         * @description **Who may call:** Only any reviewer signed in to the console; an API key never reaches this control.
         *
         *     Takes back the outcome of `check` recorded less than a minute ago (on the environment's
         *     clock): the check waits for a reviewer again and nothing was sent. After the minute the
         *     outcome stands: `409`. On the audit chain and the timeline.
         */
        post: operations["undoVerificationOutcome"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/_docket/verifications/{verification_id}/reading": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Enter a reviewer's reading of the document
         * @description **Who may call:** Only any reviewer signed in to the console; an API key never reaches this control.
         *
         *     What the reviewer read on the identity document (any of `full_name`, `birth_date`,
         *     `nationality`, `document_number`, `expiry_date`), kept with who and when, apart from what
         *     Docket read (`poi_data`); it corrects Docket's reading in the file's field-by-field
         *     `review.comparison` with the applicant's declared data. A new reading replaces the last. On
         *     the audit chain and the timeline.
         */
        post: operations["recordVerificationReading"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/_docket/verifications/{verification_id}/file": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * A verification's file
         * @description **Who may call:** An API key (its environment's data), or any reviewer signed in to the console.
         *
         *     Its documents with their files' facts (name, size, SHA-256, upload time, side, country) and
         *     its history, oldest first: what the console's reviewer reads beside the verification.
         */
        get: operations["getVerificationFile"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v4/bankbook/{applicant_id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Upload a bank statement
         * @description **Who may call:** An API key (its environment's data), or any reviewer signed in to the console.
         *
         *     `multipart/form-data` with one `file` part: a bank statement or bankbook page as a PDF, JPEG
         *     or PNG file (by its content) of at most 20 MiB. Answers `201` with what was read: the
         *     holder, IBAN (checked by ISO 13616) or account number, bank name, BIC (ISO 9362), period and
         *     balances, each with the line it was read from; the holder compared with the applicant's name
         *     (the AML name matcher's score); the file's signs of editing. A PDF is read through its text
         *     layer; a picture through OCR when the server has Tesseract (else, like a scanned PDF, it is
         *     kept as `needs_review` with the reason, and nothing is made up). `BANKBOOK_EXTRACTION` goes
         *     to subscribed webhooks. In the sandbox, magic file names give deterministic outcomes (see
         *     the guide).
         */
        post: operations["uploadBankStatement"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v4/bankbook/statements": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List bank statements
         * @description **Who may call:** An API key (its environment's data), or any reviewer signed in to the console.
         *
         *     Newest first; `limit` 1 to 100 (default 20), `page` from 0.
         */
        get: operations["listBankStatements"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v4/bankbook/statements/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Get a bank statement's extraction
         * @description **Who may call:** An API key (its environment's data), or any reviewer signed in to the console.
         */
        get: operations["getBankStatement"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v4/bankbook/statements/{id}/file": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Download a bank statement's file
         * @description **Who may call:** An API key (its environment's data), or any reviewer signed in to the console.
         *
         *     The file as uploaded, with the media type its content shows.
         */
        get: operations["getBankStatementFile"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v4/email/checks": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List e-mail checks
         * @description **Who may call:** An API key (its environment's data), or any reviewer signed in to the console.
         *
         *     Newest first; `limit` 1 to 200 (default 20), `page` from 0.
         */
        get: operations["listEmailChecks"];
        put?: never;
        /**
         * Check an e-mail address
         * @description **Who may call:** An API key (its environment's data), or any reviewer signed in to the console.
         *
         *     Syntax (RFC 5321/5322 with internationalised addresses), the domain's mail exchanger,
         *     disposable and role addresses, a verdict (`pass`, `risky`, `fail`, `unknown`) with its `code`
         *     and `risk_score`. With `require_ownership`, a six-digit code goes to the address (valid 10
         *     minutes; in the sandbox it goes to the outbox, `GET /_docket/email/outbox`). Answers `201`.
         *     One address gets at most 10 codes a day and takes at most 20 wrong codes a day (UTC, on the
         *     environment's clock, per organization and environment): past either, a check that asks for
         *     ownership is a `429` with `Retry-After` (the seconds to midnight UTC).
         */
        post: operations["createEmailCheck"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v4/email/checks/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Get an e-mail check
         * @description **Who may call:** An API key (its environment's data), or any reviewer signed in to the console.
         */
        get: operations["getEmailCheck"];
        put?: never;
        post?: never;
        /**
         * Erase an e-mail check (a Docket addition)
         * @description **Who may call:** An API key (its environment's data), or an admin signed in to the console.
         *
         *     Erasure on request of one check: it and its messages, and the outbox events, unsent
         *     deliveries (sent ones keep only their ids) and request journal bodies that name it or its
         *     address. Answers the erasure log's entry (`GET /_docket/erasures`). An API key, or a console
         *     admin.
         */
        delete: operations["eraseEmailCheck"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v4/email/checks/{id}/resend": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Send a new code
         * @description **Who may call:** An API key (its environment's data), or any reviewer signed in to the console.
         *
         *     Docket's own: replaces the check's code with a new one (the old stops working), at most once
         *     a minute, until ownership is verified. A new code is no new set of tries: the check's wrong
         *     codes stay counted, and a check locked by ten of them takes no new code (create a new check).
         *     Past the address's 10 codes or 20 wrong codes of the day, a `429` with `Retry-After`.
         */
        post: operations["resendEmailCode"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v4/email/otp/verify": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Verify a one-time code
         * @description **Who may call:** An API key (its environment's data), or any reviewer signed in to the console.
         *
         *     `verified: true` proves the address is the person's (and sets the linked applicant's verified
         *     e-mail). A wrong, expired or locked code is still `200`, with `verified: false`, its `code` and
         *     a `message`: `otp_invalid` (with `attempts_left`), `otp_locked` (ten wrong codes in all,
         *     across resends: the right code no longer helps and a new check is needed), `otp_expired`,
         *     `otp_not_sent`. Once the address had 20 wrong codes today (across its checks), no code for it
         *     is compared: a `429` with `Retry-After` (the seconds to midnight UTC).
         */
        post: operations["verifyEmailCode"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/_docket/email/outbox": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The e-mail outbox
         * @description **Who may call:** An API key (its environment's data), or any reviewer signed in to the console.
         *
         *     The environment's messages, newest first, with recipient, subject, text and HTML bodies and
         *     the code: the sandbox never sends mail, so this is where its codes are read. Production's
         *     messages never show their code (`code` is null, and masked in the subject and bodies).
         */
        get: operations["listEmailOutbox"];
        put?: never;
        post?: never;
        /**
         * Clear the sandbox's outbox
         * @description **Who may call:** In a sandbox only: a sandbox key, or any reviewer signed in to the console with the sandbox selected.
         */
        delete: operations["clearEmailOutbox"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v4/nondoc/{applicant_id}/verify": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Verify a national identifier
         * @description **Who may call:** An API key (its environment's data), or any reviewer signed in to the console.
         *
         *     The public types: `NONDOC_NIGERIA_BVN_BASIC` with `request_data: {"bvn": "…"}` and
         *     `NONDOC_NIGERIA_NIN` with `{"nin": "…"}` (11 digits; neither has a public check digit, so only
         *     the format is checked). Docket's own: `NONDOC_NATIONAL_ID` with `{"id_type": "PL_PESEL",
         *     "number": "…"}` for any identifier of `GET /api/v4/nondoc/types`. Answers `200` with the check:
         *     its steps (`format`, `check_digits`, `birth_date` and `sex` against the applicant's, and
         *     `registry_lookup`) and its `status`. A malformed number is a `failed` check, not an error.
         *     Production cannot reach any issuer's registry offline: its `registry_lookup` is `error` and
         *     the check at best `needs_review`, never `passed`. The sandbox simulates the registry from
         *     magic numbers (see the guide). Emits `NONDOC_VERIFICATION`.
         */
        post: operations["verifyNondoc"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v4/nondoc/{applicant_id}/checks": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List an applicant's non-document checks
         * @description **Who may call:** An API key (its environment's data), or any reviewer signed in to the console.
         *
         *     Newest first; `limit` 1 to 200 (default 20), `page` from 0.
         */
        get: operations["listNondocChecks"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v4/nondoc/checks/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Get a non-document check
         * @description **Who may call:** An API key (its environment's data), or any reviewer signed in to the console.
         */
        get: operations["getNondocCheck"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v4/nondoc/types": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The identifiers Docket reads
         * @description **Who may call:** An API key (its environment's data), or any reviewer signed in to the console.
         *
         *     Each identifier's `id_type` (for `NONDOC_NATIONAL_ID`), the verification type that checks it,
         *     its country, and whether it has public check digits and encodes a birth date or sex.
         */
        get: operations["listNondocTypes"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v4/kyt/checks": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List KYT checks
         * @description **Who may call:** An API key (its environment's data), or any reviewer signed in to the console.
         *
         *     Newest first; `limit` 1 to 200 (default 20), `page` from 0.
         */
        get: operations["listKytChecks"];
        put?: never;
        /**
         * Check a crypto address
         * @description **Who may call:** An API key (its environment's data), or any reviewer signed in to the console.
         *
         *     Validates the address for its chain (encoding, version, length and checksum: Bitcoin
         *     base58check and bech32/bech32m, Ethereum EIP-55, Tron, Litecoin, Bitcoin Cash CashAddr and
         *     legacy, Dash, Zcash transparent and Sapling, Monero), then looks its canonical form up among
         *     the digital-currency addresses of the sanctions lists in use, with the listing entity as
         *     evidence. Both for real, offline, in both environments. Counterparty exposure needs chain
         *     data Docket does not hold: production answers `exposure.status: not_checked` with the reason;
         *     the sandbox simulates it (see *KYT* in the introduction). An address that is not valid is a
         *     `201` result with `valid: false`, `invalid_code` and `invalid_reason`; a malformed request
         *     (unknown chain, an address over 256 characters, a bad `tx_hash`) is a `400`. Emits
         *     `KYT_WALLET_CHECK`. With `monitor: true` a valid address is checked again after every list
         *     import.
         */
        post: operations["createKytCheck"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v4/kyt/checks/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Get a KYT check
         * @description **Who may call:** An API key (its environment's data), or any reviewer signed in to the console.
         */
        get: operations["getKytCheck"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v4/kyt/monitors": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List monitored addresses
         * @description **Who may call:** An API key (its environment's data), or any reviewer signed in to the console.
         *
         *     The addresses checked with `monitor: true`, newest first, stopped ones with `stopped_at`.
         *     Each is checked again after every list import (and daily); a listing it did not have makes a
         *     new check (origin `monitoring`) and a `KYT_WALLET_CHECK` event.
         */
        get: operations["listKytMonitors"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v4/kyt/monitors/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /**
         * Stop monitoring an address
         * @description **Who may call:** An API key (its environment's data), or any reviewer signed in to the console.
         *
         *     Stops the monitoring that the check `{id}` started; answers the monitor with `stopped_at`.
         */
        delete: operations["stopKytMonitor"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v3/transmon/rules": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List every rule
         * @description **Who may call:** An API key (its environment's data), or any reviewer signed in to the console.
         *
         *     Docket's addition: the rules of all four event types at once.
         */
        get: operations["listAllTransmonRules"];
        put?: never;
        /**
         * Create a rule
         * @description **Who may call:** An API key (its environment's data), or any reviewer signed in to the console.
         *
         *     Every field but `action` is required. The expression is compiled first: one that does not
         *     compile is a `400` whose message names the line and column and shows the expression with a
         *     caret. Answers `201` with the new rule's id as a bare JSON string, as the public service does.
         */
        post: operations["createTransmonRule"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v3/transmon/rules/{rule_id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Get a rule
         * @description **Who may call:** An API key (its environment's data), or any reviewer signed in to the console.
         *
         *     Docket's addition (the public service has none).
         */
        get: operations["getTransmonRule"];
        /**
         * Replace a rule
         * @description **Who may call:** An API key (its environment's data), or any reviewer signed in to the console.
         *
         *     The same body as the create. Answers the rule. Docket's built-in rules cannot be edited
         *     (`409`): activate or deactivate them, or copy one.
         */
        put: operations["updateTransmonRule"];
        post?: never;
        /**
         * Delete a rule
         * @description **Who may call:** An API key (its environment's data), or any reviewer signed in to the console.
         *
         *     Docket's addition. Answers `204`. A built-in rule cannot be removed (`409`): deactivate it.
         */
        delete: operations["deleteTransmonRule"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v3/transmon/rules/list/{event_type}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List the rules of an event type
         * @description **Who may call:** An API key (its environment's data), or any reviewer signed in to the console.
         *
         *     `{builtin_rules, custom_rules}`, each in evaluation order (rank, then creation).
         *     `event_type`: `transaction_pre`, `transaction_post`, `payment_pre` or `payment_post`.
         */
        get: operations["listTransmonRules"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v3/transmon/rules/{rule_id}/activate": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Activate a rule
         * @description **Who may call:** An API key (its environment's data), or any reviewer signed in to the console.
         *
         *     Docket's addition; Docket's built-in rules too (they start inactive).
         */
        post: operations["activateTransmonRule"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v3/transmon/rules/{rule_id}/deactivate": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Deactivate a rule
         * @description **Who may call:** An API key (its environment's data), or any reviewer signed in to the console.
         *
         *     Docket's addition.
         */
        post: operations["deactivateTransmonRule"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v3/transmon/rules/validate": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Check an expression
         * @description **Who may call:** An API key (its environment's data), or any reviewer signed in to the console.
         *
         *     Docket's addition, for editors: compiles the expression without saving anything. A valid
         *     one gives the fields and statistics it reads; an invalid one its error with the line, the
         *     column and the range to underline. With `event_type`, a field that type's events do not
         *     have is an error (a payment has no `amount`: its amount is `checkout_price`), and the known
         *     fields' types are checked. Always `200` for an expression, valid or not.
         */
        post: operations["validateTransmonExpression"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v3/transmon/rules/try": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Try an expression on an event
         * @description **Who may call:** An API key (its environment's data), or any reviewer signed in to the console.
         *
         *     Docket's addition: evaluates an expression on a stored event (`event_id`: its fields and
         *     statistics as they were) or on fields given here (`event_type` and `event`: the applicant's
         *     statistics now, with the event counted as if submitted). Nothing is stored.
         */
        post: operations["tryTransmonExpression"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v3/transmon/transaction": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Send a transaction event
         * @description **Who may call:** An API key (its environment's data), or any reviewer signed in to the console.
         *
         *     `applicant_id` is required; the other fields of public-api.md section 6 are optional and
         *     typed (amounts as strings such as `"560.00"` or as numbers, both read from their digits, and
         *     refused with a `400` when they have more than a decimal holds exactly; day counts and
         *     scores as whole numbers; country codes ISO 3166-1 alpha-2); fields of your own are kept for
         *     `event.<field>` (strings, numbers or booleans). Evaluated at once: the `*_pre` rules, the
         *     payee's watchlist screening (`payee_alias`), the `*_post` rules. Answers `201` with the
         *     event's id; its result is readable at `GET /api/v3/transmon/events/{event_id}` at once and
         *     is delivered as `TRANSACTION_MONITORING`.
         */
        post: operations["sendTransmonTransaction"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v3/transmon/payment": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Send a payment event
         * @description **Who may call:** An API key (its environment's data), or any reviewer signed in to the console.
         *
         *     `applicant_id` and `checkout_billing_country` are required; otherwise as a transaction (a
         *     payment's amount is `checkout_price`). No payee screening.
         */
        post: operations["sendTransmonPayment"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v3/transmon/events": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List events with their results
         * @description **Who may call:** An API key (its environment's data), or any reviewer signed in to the console.
         *
         *     Docket's addition. Newest first; `limit` 1 to 100 (default 25). Each flagged event carries
         *     its `review` (disposition, assignee); `disposition` and `assignee` keep flagged events by
         *     them, `none` those still without one, and combine with every other filter.
         */
        get: operations["listTransmonEvents"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v3/transmon/events/{event_id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Get an event's result
         * @description **Who may call:** An API key (its environment's data), or any reviewer signed in to the console.
         *
         *     Docket's addition: the decision, the fired rules with their causes, rule errors, Docket's
         *     checks, the statistics used and the event as submitted; the same as the
         *     `TRANSACTION_MONITORING` webhook's payload.
         */
        get: operations["getTransmonEvent"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/_docket/transmon/events/{event_id}/disposition": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Dispose of a flagged event
         * @description **Who may call:** Only any reviewer signed in to the console; an API key never reaches this control.
         *
         *     A console reviewer's conclusion on an event that was flagged (`review` or `reject`):
         *     `cleared`, `escalated` or `reported`, with a note saying why (required). A later disposition
         *     replaces it; each is on the audit chain. The event's `review` shows it (not the webhook's
         *     payload, which was sent when the event arrived). An allowed event is a `409`.
         */
        post: operations["disposeTransmonEvent"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/_docket/transmon/events/{event_id}/assignee": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Assign a flagged event
         * @description **Who may call:** Only any reviewer signed in to the console; an API key never reaches this control.
         *
         *     Gives a flagged event to a reviewer of the organization (`reviewer_id`), or lets it go
         *     (`null`). A reviewer takes an unassigned event or lets go of their own; assigning someone
         *     else, or taking an event from them, is a senior's or an admin's (`403` otherwise). On the
         *     audit chain.
         */
        post: operations["assignTransmonEvent"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v3/transmon/applicants/{applicant_id}/stats": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * An applicant's statistics
         * @description **Who may call:** An API key (its environment's data), or any reviewer signed in to the console.
         *
         *     Docket's addition: `stats.<period>.<indicator>` as a rule would read them now (before a new
         *     event), and the applicant's days of the last 30.
         */
        get: operations["getTransmonApplicantStats"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v3/transmon/backtests": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Backtest a draft rule set
         * @description **Who may call:** An API key (its environment's data), or any reviewer signed in to the console.
         *
         *     Docket's addition: replays the stored events of a period (default the last 30 days on the
         *     environment's clock) through the draft (the current rules changed by `rules`, or only those
         *     with `replace`) beside the active rules, with each event's fields, statistics and payee
         *     screening as they were. Reports per rule the hits and errors of both, and the events the
         *     draft newly flags or no longer flags. Nothing live changes.
         */
        post: operations["backtestTransmonRules"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/_docket/organization/settings": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The organization's settings
         * @description **Who may call:** Only an admin signed in to the console; an API key never reaches this control.
         *
         *     The same in both environments. `frame_origins`: the sites that may show the hosted pages (the
         *     KYB widget at `/kyb/widget/{token}`, the verification pages at `/v/{short_id}` and
         *     `/vp/{link_id}`) in a frame, besides Docket itself; empty by default.
         */
        get: operations["getOrganizationSettings"];
        /**
         * Set the organization's settings
         * @description **Who may call:** Only an admin signed in to the console; an API key never reaches this control.
         *
         *     Replaces them; a field left out takes its default. `frame_origins`: up to 20 exact origins,
         *     `https://host[:port]`, or `http://localhost[:port]` and `http://127.0.0.1[:port]` for
         *     development. No path, no wildcard (`*.example.com` would let any subdomain frame the pages,
         *     a forgotten or taken-over one included) and no IP address; scheme and host are kept in
         *     lower case and a default port is dropped. The hosted pages then send
         *     `Content-Security-Policy: frame-ancestors 'self' <origins>` (and no `X-Frame-Options`, which
         *     cannot name a site); with none listed, `frame-ancestors 'self'` and
         *     `X-Frame-Options: SAMEORIGIN`. `widget.branding`: `logo` (a `data:` URL of a PNG, JPEG or
         *     WebP picture up to 96 KiB, its content the type it names), `accent_color` (`#rrggbb`), `font`
         *     (`system`, `sans_serif`, `serif`, `rounded`); never CSS. `widget.outcomes`: for `approved`
         *     and `rejected`, `outcome_and_message` (the default), `outcome` or `submitted`. Each change is an event on the organization's production
         *     audit chain (`organization_settings_changed`, with the reviewer, before and after),
         *     whichever environment the console shows.
         */
        put: operations["putOrganizationSettings"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/_docket/aml/lists/imports": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List watchlist imports
         * @description **Who may call:** An API key (its environment's data), or any reviewer signed in to the console.
         *
         *     Imports started over HTTP since the server started (the last 20, and any still running),
         *     newest first. Imports made with `docket lists import` are not jobs; `GET /_docket/aml/lists`
         *     shows every snapshot.
         */
        get: operations["listImports"];
        put?: never;
        /**
         * Import a watchlist from uploaded files
         * @description **Who may call:** A production key, or an admin signed in to the console: the lists are shared with production, so a sandbox key never changes them.
         *
         *     Takes `multipart/form-data` with a `format` field and one or more `file` parts (up to 1 GiB in
         *     all), stores the files (owned by the job) and answers at once with the import job; the
         *     import runs in the background, one at a time, exactly as `docket lists import` does. Poll
         *     `GET /_docket/aml/lists/imports/{id}` for its state and progress. A failed import changes
         *     nothing: the list's previous snapshot stays in use. The files are removed afterwards.
         *
         *     The lists are shared by every organization and environment: production screens against
         *     them, so a sandbox key never changes them. An import that would shrink a list's active
         *     snapshot to less than half its entities fails (the job says so) unless `replace` is `true`.
         *     Every import is on every organization's production audit chain, with who made it.
         */
        post: operations["importList"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/_docket/aml/lists/imports/{import_id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Get a watchlist import
         * @description **Who may call:** An API key (its environment's data), or any reviewer signed in to the console.
         *
         *     The job's state (`reading`, `indexing`, `done` or `failed`), its progress from 0 to 1, and
         *     when done the new snapshot, or when failed the reason.
         */
        get: operations["getImport"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v4/kyb/widget/{token}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Open the widget
         * @description **Who may call:** The person holding the token or link in the path; it opens only its own record.
         *
         *     What the merchant sees: the case's public id and status, their values by section, the
         *     stepper, what each section lacks, the uploaded documents and any open requests to fix
         *     something. The token is the credential; an expired link answers 403.
         */
        get: operations["getKybWidget"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v4/kyb/widget/{token}/sections/{section}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /**
         * Save a section from the widget
         * @description **Who may call:** The person holding the token or link in the path; it opens only its own record.
         */
        put: operations["saveKybWidgetSection"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v4/kyb/widget/{token}/documents": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Upload a document from the widget
         * @description **Who may call:** The person holding the token or link in the path; it opens only its own record.
         */
        post: operations["uploadKybWidgetDocument"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v4/kyb/widget/{token}/documents/{file_id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Download a document from the widget
         * @description **Who may call:** The person holding the token or link in the path; it opens only its own record.
         */
        get: operations["getKybWidgetDocument"];
        put?: never;
        post?: never;
        /**
         * Remove a document from the widget
         * @description **Who may call:** The person holding the token or link in the path; it opens only its own record.
         */
        delete: operations["removeKybWidgetDocument"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v4/kyb/widget/{token}/submit": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Submit from the widget
         * @description **Who may call:** The person holding the token or link in the path; it opens only its own record.
         */
        post: operations["submitKybWidget"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v3/sdk/{short_id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Get a verification as the person sees it
         * @description **Who may call:** The person holding the token or link in the path; it opens only its own record.
         *
         *     `id` is the short id and `status` is `active` while it takes documents, then `completed`,
         *     `expired` or `canceled`; `verification_status` is the verification's own status.
         */
        get: operations["getSdkVerification"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v3/upload/sdk/{short_id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Upload a document as the person
         * @description **Who may call:** The person holding the token or link in the path; it opens only its own record.
         *
         *     The same form as `POST /api/v3/upload/{applicant_id}`, into the verification of the short
         *     id.
         */
        post: operations["uploadSdkDocument"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v3/sdk/{short_id}/proceed": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Proceed as the person
         * @description **Who may call:** The person holding the token or link in the path; it opens only its own record.
         *
         *     When every document (and every required field) is in, the verification goes to
         *     `in_progress`; else a 400 names what is missing.
         */
        post: operations["proceedSdkVerification"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v3/sdk/{short_id}/set_country": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Choose the document's country
         * @description **Who may call:** The person holding the token or link in the path; it opens only its own record.
         *
         *     The profile's countries decide whether it is accepted. The answer is empty.
         */
        post: operations["setSdkCountry"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v3/sdk/{short_id}/fields": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Fill in the profile's fields
         * @description **Who may call:** The person holding the token or link in the path; it opens only its own record.
         *
         *     The fields the profile's `manual_field_settings` enables; what is sent is checked (e-mail,
         *     phone, country codes, date of birth, the custom fields' choices) and kept in the
         *     verification's `manual_fields`.
         */
        post: operations["setSdkFields"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v3/sdk/link/{link_id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Get a public link
         * @description **Who may call:** The person holding the token or link in the path; it opens only its own record.
         *
         *     What the link's page shows before a verification starts: the profile's name, description
         *     and settings. An archived link (or profile) answers 403.
         */
        get: operations["getSdkLink"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v3/sdk/link/{link_id}/start": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Start a verification through a public link
         * @description **Who may call:** The person holding the token or link in the path; it opens only its own record.
         *
         *     Docket's own endpoint behind the link's page: a new applicant and a verification with the
         *     link's profile; the page then continues at the verification's short id.
         */
        post: operations["startSdkLink"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v3/public/dictionary/countries": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List countries
         * @description **Who may call:** Anyone: no credential.
         *
         *     The 250 ISO 3166-1 countries Docket accepts (Kosovo as `XK` / `XKX`), in alpha-2 order.
         */
        get: operations["listCountries"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v3/sdk/{short_id}/documents/{document_id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /**
         * Remove a document as the person
         * @description **Who may call:** The person holding the token or link in the path; it opens only its own record.
         *
         *     While the verification takes documents, the person may take back a document they uploaded
         *     (to replace it, or because it was the wrong one): it leaves the verification and is deleted.
         *     The answer is the person's view, with what is still needed worked out again.
         */
        delete: operations["removeSdkDocument"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v3/sdk/{short_id}/documents/{document_id}/preview": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Get a document's thumbnail as the person
         * @description **Who may call:** The person holding the token or link in the path; it opens only its own record.
         *
         *     The document's preview (a JPEG at most 640 pixels on its longest side), for the page's
         *     thumbnail; only documents of this verification.
         */
        get: operations["getSdkDocumentPreview"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/_docket/console/login": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Open the console with a login link
         * @description **Who may call:** Anyone: no credential.
         *
         *     Uses a one-time login link (made by `docket serve` at start, `docket console link`, or the
         *     desktop app): opens a console session for the link's organization, sets the session cookie
         *     (`docket_session`, HttpOnly, SameSite=Strict, 30 days from the last use) and sends the browser
         *     to the console. A link works once, within 24 hours; a used, expired or unknown one is refused
         *     with 401, as a short page for browsers (`Accept: text/html`) and as JSON otherwise.
         */
        get: operations["consoleLogin"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/_docket/console/sign-in": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Sign in with a password
         * @description **Who may call:** Anyone: no credential.
         *
         *     A reviewer who has set a password and an authenticator (in the console, after signing in
         *     with a link) signs in with their name, password and the authenticator's current code: the
         *     answer sets the session cookie. A wrong name, password or code all answer 401 alike. After 5
         *     failures for an account, or 20 from an address, within 15 minutes, attempts are refused with
         *     429 and `Retry-After` for 15 minutes; every failure is on the organization's audit chain.
         */
        post: operations["consoleSignIn"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/_docket/console/logout": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Sign the console out
         * @description **Who may call:** Anyone: no credential.
         *
         *     Ends the session named by the `docket_session` cookie (if any) and clears the cookie.
         */
        post: operations["consoleLogout"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/healthz": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Health
         * @description **Who may call:** Anyone: no credential.
         *
         *     Answers as soon as the server accepts requests. No key needed.
         */
        get: operations["health"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
}
export interface webhooks {
    AML_SCREENING: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * An applicant was screened
         * @description Sent when an applicant with `aml_screening_enabled` is screened: when it is created or changed, daily by its environment's clock, and after a list import. The payload holds the request and the full search report under both `search_response` (current docs and clients) and `search_result` (older examples); `risk_score.type` is the highest risk among the hits that flag, `Low` when there are none (a clean screening, as the public example). Emitted.
         *
         *     Sent as a POST with `Content-Type: application/json` and `X-Webhook-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256>` (see *Webhooks* in the guide). The envelope's `id` is the same on every attempt: de-duplicate by it.
         */
        post: operations["eventAmlScreening"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    BANKBOOK_EXTRACTION: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * A bank statement was read
         * @description Sent when a bank statement or bankbook uploaded with `POST /api/v4/bankbook/{applicant_id}` has been read, in the same transaction as its result. The payload is the result as `GET /api/v4/bankbook/{id}` answers it: `status` (`extracted`, `needs_review`) with its `reasons`, `method` (`text_layer`, `ocr`, `none`), `pages`, `fields` (each with `value`, `valid` for the checked ones and `evidence`), `holder_match` and `editing_signs`. Emitted.
         *
         *     Sent as a POST with `Content-Type: application/json` and `X-Webhook-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256>` (see *Webhooks* in the guide). The envelope's `id` is the same on every attempt: de-duplicate by it.
         */
        post: operations["eventBankbookExtraction"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    DEEPFAKE_ANALYSIS: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * A deepfake analysis finished
         * @description Sent when a stream on `/api/v4/deepfake/stream` closes (one its client closed without sending anything leaves no analysis) and when an upload to `POST /api/v4/deepfake/analyses` is analysed (the public service's payload is not published; this is Docket's). The payload is the analysis as `GET /api/v4/deepfake/analyses/{id}` answers it: `status` `completed` with `verdict` (`clear`, `suspicious`, `alert`) and `score` (the sandbox's simulation), or `error` with `reason` and no score (production: nothing offline can tell a deepfake), and the evidence (`stream` or `upload`). Emitted.
         *
         *     Sent as a POST with `Content-Type: application/json` and `X-Webhook-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256>` (see *Webhooks* in the guide). The envelope's `id` is the same on every attempt: de-duplicate by it.
         */
        post: operations["eventDeepfakeAnalysis"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    DOCVER: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * A document verification finished
         * @description The full verification object (as `GET /api/v3/verifications/{id}` answers it), sent when a verification ends `verified` or `failed`, in the same transaction as the outcome. Emitted.
         *
         *     Sent as a POST with `Content-Type: application/json` and `X-Webhook-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256>` (see *Webhooks* in the guide). The envelope's `id` is the same on every attempt: de-duplicate by it.
         */
        post: operations["eventDocver"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    DOCVER_CHECKS: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * A step of a document verification finished
         * @description One check step's result when it is decided (by the sandbox, by Docket's own checks or by a reviewer): `verification_id`, `applicant_id`, `verification_url_id`, `step` and `result` (the check: `status`, `errors`, `pending_documents`, `data`, `decided_by`). Emitted.
         *
         *     Sent as a POST with `Content-Type: application/json` and `X-Webhook-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256>` (see *Webhooks* in the guide). The envelope's `id` is the same on every attempt: de-duplicate by it.
         */
        post: operations["eventDocverChecks"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    EMAIL_CHECK: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * An e-mail check was completed, or its ownership verified
         * @description The e-mail check as `GET /api/v4/email/checks/{id}` answers it, with `event`: `check_completed` when its verdict is known (at once, or after a greylisted domain's recheck) and `ownership_verified` when the one-time code was verified. Emitted.
         *
         *     Sent as a POST with `Content-Type: application/json` and `X-Webhook-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256>` (see *Webhooks* in the guide). The envelope's `id` is the same on every attempt: de-duplicate by it.
         */
        post: operations["eventEmailCheck"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    KYB_CHECK: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * A single KYB check finished
         * @description Sent when a TIN verification, a US registry lookup or a document verification finishes. The payload is what `GET /api/v4/kyb/result/{request_id}` answers then, plus `applicant_id`. Emitted.
         *
         *     Sent as a POST with `Content-Type: application/json` and `X-Webhook-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256>` (see *Webhooks* in the guide). The envelope's `id` is the same on every attempt: de-duplicate by it.
         */
        post: operations["eventKybCheck"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    KYB_VERIFICATION: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * A KYB case changed status
         * @description Sent whenever a case's status changes: submitted (`under_review`), decided by the pipeline (`approved`, `manual_review`, `rejected`, `failed`), sent back to the merchant (`action_required`), resubmitted, or decided by a reviewer. The payload is the case as the list serves it (spec 2.1: status, stage, risk_level, company, form_progress, checks_summary) plus `previous_status`. Emitted.
         *
         *     Sent as a POST with `Content-Type: application/json` and `X-Webhook-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256>` (see *Webhooks* in the guide). The envelope's `id` is the same on every attempt: de-duplicate by it.
         */
        post: operations["eventKybVerification"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    KYT_WALLET_CHECK: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * A crypto wallet was checked
         * @description Sent for every KYT check: one made with `POST /api/v4/kyt/checks`, a monitored address's re-check that found a new sanctions listing (origin `monitoring`, after a list import), and the demo's (origin `demo`). A monitored transaction's wallets are checked by the same code and reported in its `TRANSACTION_MONITORING` result (`checks.kyt_wallets`). The payload is the check as `GET /api/v4/kyt/checks/{id}` answers it (the public service publishes only the event's name). Emitted.
         *
         *     Sent as a POST with `Content-Type: application/json` and `X-Webhook-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256>` (see *Webhooks* in the guide). The envelope's `id` is the same on every attempt: de-duplicate by it.
         */
        post: operations["eventKytWalletCheck"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    NONDOC_VERIFICATION: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * A non-document check was made
         * @description Sent when `POST /api/v4/nondoc/{applicant_id}/verify` has decided a check, in the same transaction as the check. The payload is the check as `GET /api/v4/nondoc/checks/{id}` answers it: `status` (`passed`, `failed`, `needs_review`), each step of `checks` with its status and evidence, `encoded` (the birth date and sex the number encodes), and the number only masked. Emitted.
         *
         *     Sent as a POST with `Content-Type: application/json` and `X-Webhook-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256>` (see *Webhooks* in the guide). The envelope's `id` is the same on every attempt: de-duplicate by it.
         */
        post: operations["eventNondocVerification"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    TRANSACTION_MONITORING: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * A transaction or payment was evaluated
         * @description Sent for every event of `POST /api/v3/transmon/transaction` and `.../payment`, once its rules and checks ran (the public service's payload is not published; this is Docket's): `event_id`, `event_type`, `applicant_id`, `received_at`, `decision` (`allow`, `review`, `reject`), `causes`, `fired_rules`, `rule_errors` (code, message, line, column), `rules_evaluated`, `stopped_by` (the `reject` rule that stopped the rest), `checks.aml_payee`, `stats` (what `stats.*` read) and `event` (the fields as submitted). The same as `GET /api/v3/transmon/events/{event_id}`. Emitted.
         *
         *     Sent as a POST with `Content-Type: application/json` and `X-Webhook-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256>` (see *Webhooks* in the guide). The envelope's `id` is the same on every attempt: de-duplicate by it.
         */
        post: operations["eventTransactionMonitoring"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
}
export interface components {
    schemas: {
        /** @description The answer to a submission: 202 with the id to poll. */
        Accepted: {
            request_id: components["schemas"]["RequestId"];
            status: components["schemas"]["SingleStatus"];
        };
        /** @description `POST /_docket/audit/acknowledge`: the problems an admin acknowledges, and why. */
        Acknowledge: {
            /** @description What was found and done about it (1 to 2,000 characters). */
            note: string;
            /** @description The `seq` of each problem acknowledged, as the verification the admin read listed them. */
            problems: number[];
        };
        /** @description An admin's acknowledgement of a problem: an event on the chain. */
        Acknowledgement: {
            /**
             * Format: int64
             * @description The acknowledging event's `seq`.
             */
            seq: number;
            /** Format: date-time */
            at: string;
            /** @description `reviewer:<name>`. */
            by: string;
            note: string;
        };
        /** @description One address of an applicant. */
        Address: {
            country?: components["schemas"]["CountryCode"] | null;
            state?: string | null;
            city?: string | null;
            postal_code?: string | null;
            street?: string | null;
        };
        /** @description The address guard of production: `PUT /_docket/webhooks/address-guard`, an admin's. */
        AddressGuard: {
            /**
             * @description True lets production endpoints reach loopback, private, link-local and every other
             *     address that is not public (the guard is off); false refuses them (the default).
             */
            allow_private_addresses: boolean;
        };
        /** @description The body of a clock move: `by` as a duration text, or `seconds`. */
        AdvanceClock: {
            /** @description A duration such as `90s`, `15m`, `36h`, `7d` or `1d12h`. */
            by?: string | null;
            /**
             * Format: int64
             * @description The same in seconds.
             */
            seconds?: number | null;
        };
        /** @description A news item about an entity. */
        AdverseMedia: {
            source_name: string;
            source_url?: string | null;
            headline?: string | null;
            summary?: string | null;
            /**
             * Format: int64
             * @description Unix seconds.
             */
            published_at?: number | null;
            risk_score: components["schemas"]["RiskScore"];
            /** Format: double */
            importance_score: number;
            /**
             * Format: double
             * @description -1 (hostile) to 1 (favourable).
             */
            sentiment: number;
            tags?: components["schemas"]["Tag"][];
            country_codes?: components["schemas"]["CountryCode"][];
        };
        /**
         * Format: uuid
         * @description The deepfake analysis id (UUIDv7).
         */
        AnalysisId: string;
        /** @description An applicant, as every applicant endpoint returns it. */
        Applicant: {
            applicant_id: components["schemas"]["ApplicantId"];
            external_id?: components["schemas"]["ExternalId"] | null;
            type: components["schemas"]["ApplicantType"];
            email?: components["schemas"]["Email"] | null;
            phone?: components["schemas"]["Phone"] | null;
            system_info: components["schemas"]["ApplicantInfo"];
            provided_info: components["schemas"]["ApplicantInfo"];
            /** Format: uuid */
            last_verification_id?: string | null;
            /** Format: date-time */
            last_verification_date?: string | null;
            verification_status: components["schemas"]["ApplicantVerificationStatus"];
            /** @description Whether the applicant is screened daily against the watchlists. */
            aml_screening_enabled: boolean;
            /** Format: uuid */
            last_aml_screening_id?: string | null;
            /** Format: date-time */
            last_screened_at?: string | null;
            last_risk_score?: components["schemas"]["RiskScore"] | null;
            last_tags?: string[] | null;
            tg_profile?: string | null;
            search_options: components["schemas"]["SearchOptions"];
            /** Format: date-time */
            created_at: string;
            /** Format: date-time */
            updated_at: string;
        };
        /** @description One of an applicant's documents, stored or erased. */
        ApplicantFile: {
            document_id: components["schemas"]["DocumentId"];
            document_type: components["schemas"]["DocumentType"];
            side?: components["schemas"]["Side"] | null;
            /** Format: date-time */
            uploaded_at: string;
            verification_id?: components["schemas"]["VerificationId"] | null;
            verification_status?: components["schemas"]["VerificationStatus"] | null;
            stored?: components["schemas"]["StoredDocumentFacts"] | null;
            erased?: components["schemas"]["DocumentErased"] | null;
        };
        /**
         * Format: uuid
         * @description The applicant id (UUIDv7).
         */
        ApplicantId: string;
        /**
         * @description Applicant data. `provided_info` holds it as supplied; `system_info` as the service holds it
         *     (supplied data, with `full_name` filled from first and last names, overlaid by verified data).
         */
        ApplicantInfo: {
            /** @description The person's full name, or the organization's legal name. */
            full_name?: string | null;
            first_name?: string | null;
            last_name?: string | null;
            dob?: components["schemas"]["Dob"] | null;
            gender?: components["schemas"]["Gender"] | null;
            citizenship?: components["schemas"]["CountryCode"] | null;
            country?: components["schemas"]["CountryCode"] | null;
            address?: string | null;
            /** @description Addresses by kind (`residence`, `registered`, `business`, ...). */
            addresses?: {
                [key: string]: components["schemas"]["Address"];
            };
            /** @description The organization's registration number, or a person's national identifier. */
            registration_id?: string | null;
            email?: components["schemas"]["Email"] | null;
            phone?: components["schemas"]["Phone"] | null;
            /** @description Free-form data of the caller's. */
            custom_fields?: Record<string, never>;
        };
        /** @description An applicant's statistics (`GET /api/v3/transmon/applicants/{applicant_id}/stats`). */
        ApplicantStats: {
            /** @description As a rule would see them now, before a new event. */
            stats: components["schemas"]["Stats"];
            /** @description The applicant's days of the last 30 with events, newest first. */
            days: components["schemas"]["DayStats"][];
        };
        /**
         * @description What an applicant is.
         * @enum {string}
         */
        ApplicantType: "Person" | "Organization";
        /**
         * @description Where an applicant's identity verification stands.
         * @enum {string}
         */
        ApplicantVerificationStatus: "initial" | "passed" | "failed";
        /** @description `GET /_docket/desk/approvals`: every decision awaiting its second approval, oldest first. */
        Approvals: {
            data: components["schemas"]["PendingApproval"][];
        };
        /**
         * @description Whether `countries` / `regions` name the countries allowed or those refused.
         * @enum {string}
         */
        AreaFilter: "include" | "exclude";
        Associate: {
            uuid?: components["schemas"]["EntityId"] | null;
            name: string;
            start_date?: components["schemas"]["DateRange"] | null;
            end_date?: components["schemas"]["DateRange"] | null;
            relationship?: string | null;
            is_relative?: boolean;
        };
        /** @description One attempt of a delivery. */
        Attempt: {
            /**
             * Format: int32
             * @description 1 for the first attempt.
             */
            number: number;
            cause: components["schemas"]["AttemptCause"];
            /**
             * Format: date-time
             * @description On the environment's clock.
             */
            attempted_at: string;
            /**
             * Format: int64
             * @description The `t` of the signature: real Unix seconds.
             */
            signed_at: number;
            url: string;
            /**
             * Format: int32
             * @description Null when no answer came (time-out, refused connection, refused address).
             */
            response_code?: number | null;
            /** Format: int64 */
            latency_ms: number;
            /** @description The first 1,024 bytes of the answer, as text. */
            response_excerpt?: string | null;
            error?: string | null;
            /**
             * Format: date-time
             * @description When the next attempt was scheduled after this one.
             */
            retry_at?: string | null;
        };
        /**
         * @description What started an attempt.
         * @enum {string}
         */
        AttemptCause: "scheduled" | "replay";
        /**
         * @description One link of the chain. Its `hash` is the SHA-256 (hex) of the canonical JSON of every field
         *     but `hash`, `data` and `salt` (see [`super::chain`]): `data_hash` stands for the content, so
         *     an event whose content an erasure emptied is still hashed and linked like any other.
         */
        AuditEvent: {
            /**
             * Format: int64
             * @description 1, 2, 3, ... within the environment's chain, without gaps.
             */
            seq: number;
            /**
             * Format: date-time
             * @description On the environment's clock (real time in production; the sandbox clock in the sandbox).
             */
            at: string;
            organization_id: string;
            environment: components["schemas"]["Environment"];
            case_id?: string | null;
            case_public_id?: string | null;
            /**
             * @description `api`, `merchant`, `pipeline`, `docket` (Docket itself: an SLA breach, an erasure, an
             *     upgrade) or `reviewer:<name>`.
             */
            actor: string;
            reviewer_id?: string | null;
            /** @description `created`, `submitted`, `check_completed`, `assigned`, `decision`, `sla_breached`, ... */
            kind: string;
            /**
             * @description What happened, in the event's own terms (strings, integers, booleans: never a float).
             *     `{"erased": "<erasure id>"}` once an erasure emptied the event.
             */
            data: Record<string, never>;
            /**
             * @description 32 random hex digits drawn for this event; null once an erasure emptied it (the salt goes
             *     with the content, so that the `data_hash` kept tells nothing of what was erased).
             */
            salt?: string | null;
            /** @description SHA-256 (hex) of `salt` followed by the canonical JSON of `data`. */
            data_hash: string;
            prev_hash: string;
            hash: string;
        };
        /** @description A backtest's report. Nothing live changed. */
        Backtest: {
            /** Format: date-time */
            from: string;
            /** Format: date-time */
            to: string;
            /** Format: int64 */
            events: number;
            active: components["schemas"]["BacktestDecisions"];
            draft: components["schemas"]["BacktestDecisions"];
            rules: components["schemas"]["BacktestRule"][];
            /**
             * Format: int64
             * @description Events allowed by the active rules and flagged (review or reject) by the draft: how many,
             *     and the first 100.
             */
            newly_flagged_count: number;
            newly_flagged: components["schemas"]["BacktestChange"][];
            /**
             * Format: int64
             * @description Events flagged by the active rules and allowed by the draft.
             */
            no_longer_flagged_count: number;
            no_longer_flagged: components["schemas"]["BacktestChange"][];
            /**
             * Format: int64
             * @description Events whose decision differs in any way (review to reject included).
             */
            changed: number;
            /**
             * Format: int64
             * @description Events a `*_pre` rule rejected when they were received, so the payee was never screened:
             *     where the draft lets them through, they are replayed without that check.
             */
            unscreened: number;
        };
        /** @description An event whose decision the draft changes. */
        BacktestChange: {
            /** Format: uuid */
            event_id: string;
            /** Format: uuid */
            applicant_id: string;
            event_type: components["schemas"]["MonitoredEventKind"];
            /** Format: date-time */
            received_at: string;
            active: components["schemas"]["MonitoringDecision"];
            draft: components["schemas"]["MonitoringDecision"];
            /** @description The draft's causes for the event. */
            causes: string[];
        };
        /** @description The decisions of one rule set over the period. */
        BacktestDecisions: {
            /** Format: int64 */
            allow: number;
            /** Format: int64 */
            review: number;
            /** Format: int64 */
            reject: number;
        };
        /** @description A backtest: the draft rules over the stored events of a period, beside the active rules. */
        BacktestRequest: {
            /**
             * @description The period's start (RFC 3339 or a date), on the environment's clock; default 30 days
             *     before `to`.
             */
            from?: string | null;
            /** @description Its end, excluded; default now. */
            to?: string | null;
            event_type?: components["schemas"]["MonitoredEventKind"] | null;
            /**
             * @description The draft: changes to the current rules. A rule with the `id` of an existing rule
             *     replaces it (an `inactive` status takes it out); one without is added.
             */
            rules?: components["schemas"]["NewRule"][];
            /** @description The draft is these rules alone, not the current rules changed by them. */
            replace?: boolean;
        };
        /** @description How one rule fared in a backtest. */
        BacktestRule: {
            /** Format: uuid */
            rule_id: string;
            name: string;
            event_type: components["schemas"]["RuleEventType"];
            /** @description Whether it is in the active set, the draft set, or both. */
            in_active: boolean;
            in_draft: boolean;
            /** Format: int64 */
            hits_active: number;
            /** Format: int64 */
            hits_draft: number;
            /** Format: int64 */
            errors_active: number;
            /** Format: int64 */
            errors_draft: number;
            /** @description The draft's errors by code. */
            error_codes: {
                [key: string]: number;
            };
            /** @description The first error of the draft, as an example. */
            first_error?: string | null;
        };
        /**
         * Format: uuid
         * @description The backup id (UUIDv7).
         */
        BackupId: string;
        /** @description One backup taken from the console. */
        BackupRecord: {
            id: components["schemas"]["BackupId"];
            /** Format: date-time */
            taken_at: string;
            path: string;
            /** Format: int64 */
            bytes: number;
            /**
             * Format: int64
             * @description Stored files in it.
             */
            files: number;
            /** Format: int32 */
            schema_version: number;
            /** @description The reviewer who asked for it. */
            taken_by: string;
            /**
             * Format: date-time
             * @description When it was deleted to keep only the newest; `null` while it is kept.
             */
            removed_at?: string | null;
        };
        /** @description Where the console's backups go and how many are kept (older ones are deleted). */
        BackupSettings: {
            /** @description The folder, absolute. */
            folder: string;
            /**
             * @description Whether the folder is the default (`backups` in the data directory: the same disk, which
             *     guards against mistakes and damage but not against losing the disk).
             */
            folder_is_default: boolean;
            /** Format: int32 */
            keep: number;
            /** @description Whether a backup is taken every day. */
            daily: boolean;
            /**
             * Format: date-time
             * @description When the next daily backup is due, while `daily` is on.
             */
            next_daily_at?: string | null;
        };
        /**
         * @description New settings, replacing the old: a folder (absolute; `null` or absent for the default), how
         *     many to keep (absent: 7), and whether to take a backup every day (absent: no).
         */
        BackupSettingsChange: {
            folder?: string | null;
            /** Format: int32 */
            keep?: number | null;
            daily?: boolean | null;
        };
        /** @description A statement and what was read from it. */
        BankStatement: {
            id: components["schemas"]["BankStatementId"];
            applicant_id: components["schemas"]["ApplicantId"];
            file_id: components["schemas"]["FileId"];
            file_name?: string | null;
            /** @description `application/pdf`, `image/jpeg` or `image/png`, by the content. */
            media_type: string;
            status: components["schemas"]["StatementStatus"];
            /** @description Why a reviewer must look (empty when `extracted`). */
            reasons: string[];
            method: components["schemas"]["ReadingMethod"];
            /**
             * Format: int32
             * @description Pages read (0 when no text was read).
             */
            pages: number;
            fields: components["schemas"]["StatementFields"];
            holder_match?: components["schemas"]["HolderMatch"] | null;
            /**
             * @description Signs of editing in the file's metadata (an editor as producer, incremental updates), as
             *     for KYB documents.
             */
            editing_signs: string[];
            /** @description The sandbox's magic file name that decided the text read, if one did. */
            sandbox_scenario?: string | null;
            /** Format: date-time */
            created_at: string;
        };
        /**
         * Format: uuid
         * @description The bank statement id (UUIDv7).
         */
        BankStatementId: string;
        /**
         * @description An accent colour: `#rrggbb`, stored in lower case (`#abc` is read as `#aabbcc`).
         * @example #0b6e4f
         */
        BrandColor: string;
        /**
         * @description What a bulk request does to each case.
         * @enum {string}
         */
        BulkAction: "assign" | "release";
        /** @description `POST /_docket/desk/assignments`: several cases assigned or released at once. */
        BulkAssignment: {
            action: components["schemas"]["BulkAction"];
            /** @description The cases, 1 to 100. */
            case_ids: components["schemas"]["CaseId"][];
            reviewer_id?: components["schemas"]["ReviewerId"] | null;
        };
        /** @description What became of one case of a bulk request. */
        BulkOutcome: {
            case_id: components["schemas"]["CaseId"];
            /**
             * Format: int32
             * @description 200, or the status the single request would have answered (403, 404, 409).
             */
            status: number;
            case?: components["schemas"]["CaseRow"] | null;
            /** @description Why it was refused. */
            message?: string | null;
        };
        /** @description `POST /_docket/desk/assignments`. */
        BulkOutcomes: {
            /** @description One per case, in the order given (a case given twice once). */
            results: components["schemas"]["BulkOutcome"][];
            succeeded: number;
            failed: number;
        };
        /** @description The whole case (`GET /api/v4/kyb/verifications/{id}`). */
        CaseDetail: components["schemas"]["CaseRow"] & {
            /** @description The widget's values by section. */
            form: components["schemas"]["Form"];
            /** @description What each incomplete section still lacks, by section key. */
            missing: {
                [key: string]: string[];
            };
            persons: components["schemas"]["CasePerson"][];
            documents: components["schemas"]["CaseDocument"][];
            /** @description The check types the verification runs. */
            plan: components["schemas"]["CheckType"][];
            /** @description Every check instance, the superseded ones of earlier rounds included. */
            checks: components["schemas"]["Check"][];
            remediations: components["schemas"]["Remediation"][];
            timeline: components["schemas"]["TimelineEntry"][];
            /** @description The hosted widget's path on this server (append it to the base URL) and its expiry. */
            widget_path: string;
            /** Format: date-time */
            widget_expires_at: string;
            /** @description Every decision step, oldest first: the case file shows both of four eyes. */
            decisions: components["schemas"]["Decision"][];
            /** @description Internal notes, oldest first. */
            comments: components["schemas"]["Comment"][];
            /** @description Which decisions on the case need a second approval now (the environment's policy). */
            four_eyes_required: components["schemas"]["FourEyesRequired"];
            /**
             * @description What an approval must acknowledge, one by one (`acknowledged_flags`): checks to review,
             *     potential matches no disposition resolves, checks that could not run.
             */
            open_flags: components["schemas"]["OpenFlag"][];
        };
        /** @description An uploaded document of a case. */
        CaseDocument: {
            file_id: components["schemas"]["FileId"];
            kind: components["schemas"]["DocumentKind"];
            name?: string | null;
            /** @description The media type the content shows. */
            media_type: string;
            /** @description The media type the uploader declared. */
            declared_type?: string | null;
            /** Format: int64 */
            size: number;
            sha256: string;
            /** Format: date-time */
            uploaded_at: string;
        };
        /**
         * Format: uuid
         * @description The KYB verification id (UUIDv7).
         */
        CaseId: string;
        /** @description One page of cases, with how many the filters match in all. */
        CasePage: {
            data: components["schemas"]["CaseRow"][];
            has_next: boolean;
            /**
             * Format: int64
             * @description Docket's own: the cases the filters match, on every page.
             */
            total: number;
        };
        /** @description A person of a case. */
        CasePerson: {
            /**
             * @description The key their checks name them by: `person:0` is the representative; `person:<n>` the
             *     n-th person of the ownership section.
             */
            key: string;
            /**
             * @description Every key they were declared under (a representative who also owns shares is declared
             *     twice and shown once): checks of earlier rounds may name any of them.
             */
            keys: string[];
            full_name: string;
            roles: components["schemas"]["PersonRole"][];
            /** Format: date */
            date_of_birth?: string | null;
            nationality?: string | null;
            /** Format: double */
            ownership_percentage?: number | null;
            is_ubo: boolean;
        };
        /** @description A case with the absolute URL of its hosted widget. */
        CaseResponse: components["schemas"]["CaseDetail"] & {
            /** @description The hosted widget for the merchant: no API key needed; works until `widget_expires_at`. */
            widget_url: string;
        };
        /** @description A case's place on the desk (`review` on every case row). */
        CaseReview: {
            assignee?: components["schemas"]["ReviewerRef"] | null;
            /** Format: date-time */
            assigned_at?: string | null;
            /**
             * Format: date-time
             * @description When the case entered its current stage: the SLA counts from here.
             */
            stage_entered_at: string;
            /**
             * Format: date-time
             * @description When the stage's SLA is breached; null when the stage has none (decided cases).
             */
            sla_due_at?: string | null;
            pending_decision?: components["schemas"]["Decision"] | null;
        };
        /** @description A case as the list serves it (spec 2.1 `KybVerificationListItem`). */
        CaseRow: {
            id: components["schemas"]["CaseId"];
            verification_id?: components["schemas"]["VerificationId"] | null;
            /** @description A short readable identifier (`KYB-7K3M9QX2`), unique within the environment. */
            public_id: string;
            organization_id: components["schemas"]["OrganizationId"];
            applicant_id: components["schemas"]["ApplicantId"];
            external_id?: string | null;
            company_name?: string | null;
            country?: string | null;
            status: components["schemas"]["CaseStatus"];
            stage: components["schemas"]["Stage"];
            /** @description Reserved by the spec; always null. */
            decision?: string | null;
            /**
             * Format: int64
             * @description Reserved by the spec; always null.
             */
            risk_score?: number | null;
            risk_level?: components["schemas"]["RiskLevel"] | null;
            is_sandbox: boolean;
            /** Format: date-time */
            created_at: string;
            /** Format: date-time */
            submitted_at?: string | null;
            /** Format: date-time */
            last_activity_at: string;
            company?: components["schemas"]["CompanySummary"] | null;
            form_progress?: components["schemas"]["FormProgress"] | null;
            checks_summary?: components["schemas"]["ChecksSummary"] | null;
            /**
             * @description Docket's own: the case's place on the reviewer's desk (assignee, SLA, a decision
             *     awaiting its second approval).
             */
            review: components["schemas"]["CaseReview"];
        };
        /**
         * @description A case's status (spec 3.1).
         * @enum {string}
         */
        CaseStatus: "draft" | "under_review" | "action_required" | "approved" | "manual_review" | "rejected" | "failed" | "approved_manually" | "rejected_manually";
        /** @description What Docket last found of an environment's chain (`GET /_docket/audit/status`). */
        ChainStatus: {
            /**
             * Format: date-time
             * @description When it was verified (real time); null: not since Docket started (it verifies every chain
             *     at a serving start, beside serving).
             */
            verified_at?: string | null;
            verification?: components["schemas"]["Verified"] | null;
        };
        /** @description One check instance with its evidence. */
        Check: {
            id: components["schemas"]["CheckId"];
            type: components["schemas"]["CheckType"];
            /** @description `company`, or a person's key (`person:0` is the representative). */
            subject: string;
            subject_name: string;
            state: components["schemas"]["CheckState"];
            severity?: components["schemas"]["Severity"] | null;
            verdict?: string | null;
            /** @description One sentence: what was found, or why the check could not run. */
            summary?: string | null;
            evidence: Record<string, never>;
            provider: components["schemas"]["Provider"];
            /**
             * Format: int32
             * @description The submission round it ran in.
             */
            round: number;
            /** Format: date-time */
            created_at: string;
            /** Format: date-time */
            completed_at?: string | null;
            /**
             * Format: date-time
             * @description Set when a resubmission ran it again: it is history, not part of the summary.
             */
            superseded_at?: string | null;
        };
        /** @description One finding of a check: a code from the documented ranges and its message. */
        CheckError: {
            /** Format: int32 */
            code: number;
            message: string;
        };
        /** @description The four checks of the public object. */
        CheckFlags: {
            syntax_valid: boolean;
            mx_found: boolean;
            disposable: boolean;
            role_based: boolean;
        };
        /**
         * Format: uuid
         * @description The check id (UUIDv7).
         */
        CheckId: string;
        /** @description One check's result. */
        CheckResult: {
            status: components["schemas"]["VerificationCheckStatus"];
            errors: components["schemas"]["CheckError"][];
            /** @description Documents the check still waits for. */
            pending_documents: components["schemas"]["DocumentType"][];
            /** @description What the check read (the MRZ's fields for `document_mrz`, the score for `liveness`). */
            data?: Record<string, never> | null;
            /** @description Who gave the outcome: `sandbox`, `docket` (an automatic check) or `reviewer:<name>`. */
            decided_by?: string | null;
            /** @description Why a check waits for a reviewer in production, or what the reviewer noted. */
            note?: string | null;
        };
        /**
         * @description A check instance's state.
         * @enum {string}
         */
        CheckState: "pending" | "completed" | "error";
        /**
         * @description A check type's status (spec 3.3).
         * @enum {string}
         */
        CheckStatus: "pending" | "in_progress" | "completed" | "error";
        /**
         * @description Which check a profile asks for.
         * @enum {string}
         */
        CheckStep: "document_mrz" | "document_ocr" | "face_comparison" | "liveness" | "poa";
        /** @description One check type in a summary. */
        CheckSummaryItem: {
            type: components["schemas"]["CheckType"];
            status: components["schemas"]["CheckStatus"];
            severity?: components["schemas"]["Severity"] | null;
            /** @description The worst instance's verdict; `error` on error; null while pending or in progress. */
            verdict?: string | null;
        };
        /**
         * @description The check types of spec 2.1, in the order summaries list them.
         * @enum {string}
         */
        CheckType: "registry" | "tin" | "document_verification" | "doc_manipulation" | "aml_company" | "aml_person" | "cross_check" | "business_risk_score" | "agentic_verification" | "kyc";
        /** @description Docket's own checks of an event. */
        Checks: {
            aml_payee?: components["schemas"]["PayeeScreening"] | null;
            /**
             * @description The KYT checks of the crypto wallets a transaction names; a sanctions listing makes the
             *     decision at least `review` with the cause `KYT_SANCTIONED_WALLET`.
             */
            kyt_wallets?: components["schemas"]["WalletScreening"][];
        };
        /** @description The summary of a verification's checks (spec 2.1). */
        ChecksSummary: {
            /**
             * Format: int32
             * @description Check types the plan runs.
             */
            expected: number;
            /**
             * Format: int32
             * @description Types whose instances all have an outcome: passed + review + failed + errored.
             */
            completed: number;
            /** Format: int32 */
            passed: number;
            /** Format: int32 */
            review: number;
            /** Format: int32 */
            failed: number;
            /** Format: int32 */
            errored: number;
            checks: components["schemas"]["CheckSummaryItem"][];
        };
        Cleared: {
            /** @description How many entries were removed. */
            removed: number;
        };
        /**
         * @description How the clock runs, as the API shows it.
         * @enum {string}
         */
        ClockMode: "real" | "shifted" | "frozen";
        /** @description The state of one environment's clock. */
        ClockState: {
            /**
             * Format: date-time
             * @description The environment's current time: what records created now are stamped with.
             */
            now: string;
            /**
             * Format: date-time
             * @description The real time.
             */
            real_now: string;
            mode: components["schemas"]["ClockMode"];
            /**
             * Format: int64
             * @description `now` minus `real_now`, in whole seconds.
             */
            offset_seconds: number;
        };
        /** @description A comment: an internal note on a case. */
        Comment: {
            id: components["schemas"]["CommentId"];
            author: components["schemas"]["ReviewerRef"];
            body: string;
            /** @description The reviewers the body mentions (`@Name`). */
            mentions: components["schemas"]["ReviewerRef"][];
            /** Format: date-time */
            at: string;
        };
        /**
         * Format: uuid
         * @description The comment id (UUIDv7).
         */
        CommentId: string;
        /** @description The company section: who the business is. */
        Company: {
            legal_name?: components["schemas"]["Line"] | null;
            dba?: components["schemas"]["Line"] | null;
            form_type?: components["schemas"]["Line"] | null;
            entity_type?: components["schemas"]["Line"] | null;
            registration_type?: components["schemas"]["Line"] | null;
            registration_number?: components["schemas"]["Line"] | null;
            tin?: components["schemas"]["Line"] | null;
            country?: components["schemas"]["CountryCode"] | null;
            state?: components["schemas"]["Line"] | null;
            /** Format: date */
            incorporation_date?: string | null;
            address?: components["schemas"]["KybAddress"] | null;
        };
        /**
         * @description The declared company at a glance (spec 2.1 `KybCompanySummary`). Values not given yet are
         *     empty strings, as the spec types them as strings; `dba` is null when not given.
         */
        CompanySummary: {
            legal_name: string;
            dba?: string | null;
            form_type: string;
            entity_type: string;
            registration_type: string;
            registration_number: string;
            country: string;
            state: string;
            representative_name: string;
            representative_email: string;
        };
        ContactInfo: {
            emails?: string[];
            phones?: string[];
            websites?: string[];
        };
        /** @description A company that owns part of the business. */
        CorporateOwner: {
            name?: components["schemas"]["Line"] | null;
            registration_number?: components["schemas"]["Line"] | null;
            country?: components["schemas"]["CountryCode"] | null;
            /** Format: double */
            ownership_percentage?: number | null;
        };
        /**
         * @description An ISO 3166-1 alpha-2 country code, upper case (`DE`). `XK` (Kosovo) is accepted as the
         *     public service's lists use it.
         */
        CountryCode: string;
        /** @description One country of the dictionary. */
        CountryEntry: {
            alpha_2: string;
            alpha_3: string;
            name: string;
            continent: string;
        };
        /** @description The country the person chose. */
        CountryInput: {
            /** @description ISO 3166-1 alpha-2 or alpha-3. */
            country: string;
        };
        /**
         * @description What one environment holds, for the console's overview and `docket info`: a count of each
         *     kind of record (`applicants`, `aml_searches`, `webhooks`, `deliveries_pending`,
         *     `deliveries_failed`, `requests`, and those every other domain declares).
         */
        Counts: {
            [key: string]: number;
        };
        /** @description The id of a created record. */
        CreatedId: {
            /** Format: uuid */
            id: string;
        };
        /** @description The id of a created profile. */
        CreatedProfile: {
            /** Format: uuid */
            id: string;
            /**
             * @description Docket addition: one line per member of the body that was ignored because Docket does
             *     not know it (`settings.link: unknown field, ignored`); empty when none was.
             */
            warnings: string[];
        };
        /** @description One source of the lists in use. */
        DataSource: {
            /** @example US_OFAC_SDN */
            source_id: string;
            /** @description The name the lists give the source. */
            source_public_name: string;
            /** @description The source's own address: the one its records share, or the site they all point into. */
            url?: string | null;
            /** @description The highest risk of the source's records. */
            risk_score: components["schemas"]["RiskScore"];
            /** @description Every tag the source's records carry. */
            tags: components["schemas"]["Tag"][];
            description: string;
            /**
             * Format: int32
             * @description Docket addition: how many entities of the lists in use the source names.
             */
            entities: number;
            /** @description Docket addition: the list snapshots it comes from (their labels). */
            lists: string[];
        };
        /** @description `POST /webapi/public/datasources`: every field optional. */
        DataSourceQuery: {
            /** @description Part of the source's id or name, case- and accent-insensitive. */
            name?: string | null;
            /** @description Sources whose records carry any of these tags. */
            tags?: components["schemas"]["Tag"][] | null;
            /** @description Sources of any of these risk scores. */
            risk_scores?: components["schemas"]["RiskScore"][] | null;
            /**
             * Format: int64
             * @description 0-based.
             */
            page?: number | null;
            /**
             * Format: int64
             * @description 1 to 200, default 50.
             */
            limit?: number | null;
        };
        /** @description The data directory at a glance, for the Data & privacy page. */
        DataStatus: {
            data_dir: string;
            /**
             * Format: int64
             * @description The database file, its write-ahead log and the stored files, in bytes.
             */
            database_bytes: number;
            /** Format: int64 */
            log_bytes: number;
            /** Format: int64 */
            stored_files: number;
            /** Format: int64 */
            stored_file_bytes: number;
            /** Format: int32 */
            schema_version: number;
            /**
             * @description Whether the directory and everything in it are readable only by Docket's account
             *     (always true where modes do not exist).
             */
            private: boolean;
            /** @description Whether the database and stored files are encrypted at rest (and so the backups). */
            encrypted: boolean;
            backups: components["schemas"]["BackupSettings"];
            /** @description The newest backups first (at most 20), deleted ones included. */
            recent_backups: components["schemas"]["BackupRecord"][];
        };
        /** @description The database key as shown to the machine's owner. */
        DatabaseKeyView: {
            /** @description The key: 64 hex digits, or the passphrase it was given as. */
            key: string;
            /** @description `hex` or `passphrase`. */
            form: string;
        };
        /**
         * @description A date known to lie between two bounds (`gte` = `lte` for an exact date; a year for a
         *     date known only to the year).
         */
        DateRange: {
            /** Format: date-time */
            gte?: string | null;
            /** Format: date-time */
            lte?: string | null;
        };
        DayStats: {
            /** @description `YYYY-MM-DD`, UTC. */
            day: string;
            /** Format: int64 */
            transactions_count: number;
            sum: string;
            min: string;
            max: string;
        };
        /** @description One decision step, as the case file shows it. */
        Decision: {
            id: components["schemas"]["DecisionId"];
            step: components["schemas"]["DecisionStep"];
            decision: components["schemas"]["DecisionVerdict"];
            reason?: components["schemas"]["Reason"] | null;
            /** @description Every reason the decision gives, in the order given (single and first steps). */
            reasons?: components["schemas"]["Reason"][];
            /** @description The reviewers' own note: never shown to the merchant. */
            note: string;
            /** @description What the merchant is told once the decision applies (in the widget); never the note. */
            merchant_message?: string | null;
            approver?: components["schemas"]["ReviewerRef"] | null;
            reviewer?: components["schemas"]["ReviewerRef"] | null;
            /**
             * Format: uuid
             * @description The API key the integration decided with (then `reviewer` is null).
             */
            api_key_id?: string | null;
            /** Format: date-time */
            at: string;
        };
        /**
         * Format: uuid
         * @description The decision id (UUIDv7).
         */
        DecisionId: string;
        /**
         * @description A reviewer's decision.
         * @enum {string}
         */
        DecisionKind: "approve" | "reject";
        /**
         * @description Which step of a decision a record is.
         * @enum {string}
         */
        DecisionStep: "single" | "first" | "second";
        /**
         * @description What a decision step said.
         * @enum {string}
         */
        DecisionVerdict: "approve" | "reject" | "confirm" | "overturn";
        /** @description A deepfake analysis as served, and as the `DEEPFAKE_ANALYSIS` webhook carries it. */
        DeepfakeAnalysis: {
            id: components["schemas"]["AnalysisId"];
            source: components["schemas"]["DeepfakeSource"];
            status: components["schemas"]["DeepfakeStatus"];
            verdict?: components["schemas"]["DeepfakeVerdict"] | null;
            /**
             * Format: double
             * @description 0 (real) to 1 (fake); set exactly when `status` is `completed`. Production never
             *     gives one.
             */
            score?: number | null;
            /** @description Why there is no verdict, in plain words; set exactly when `status` is `error`. */
            reason?: string | null;
            applicant_id?: components["schemas"]["ApplicantId"] | null;
            is_sandbox: boolean;
            /** @description Who asked: the API key or the reviewer, from the credential (never from the request). */
            requested_by: string;
            /**
             * Format: date-time
             * @description When the stream opened, or the upload arrived.
             */
            created_at: string;
            /**
             * Format: date-time
             * @description When the stream closed, or the upload was analysed.
             */
            completed_at: string;
            stream?: components["schemas"]["DeepfakeStreamEvidence"] | null;
            upload?: components["schemas"]["DeepfakeUploadEvidence"] | null;
        };
        /** @description What the client declared when it connected (not checked). */
        DeepfakeConnectionDeclared: {
            /** @description The `User-Agent` header. */
            user_agent?: string | null;
        };
        /**
         * @description The media a stream frame carries: the protocol's `format` values.
         * @enum {string}
         */
        DeepfakeMediaFormat: "jpeg" | "webp" | "pcm";
        /**
         * @description What was analysed.
         * @enum {string}
         */
        DeepfakeSource: "stream" | "upload";
        /**
         * @description Where an analysis stands.
         * @enum {string}
         */
        DeepfakeStatus: "completed" | "error";
        /**
         * @description Why a stream ended.
         * @enum {string}
         */
        DeepfakeStreamEnd: "client_closed" | "idle_timeout" | "limit" | "protocol_error";
        /**
         * @description What Docket saw of a stream. Counts, sizes and times are measured by Docket; picture sizes
         *     are read from the frames' own headers.
         */
        DeepfakeStreamEvidence: {
            /** Format: date-time */
            started_at: string;
            /** Format: date-time */
            ended_at: string;
            /** Format: int64 */
            duration_ms: number;
            ended_by: components["schemas"]["DeepfakeStreamEnd"];
            /** @description What was wrong or which limit was reached, for `protocol_error` and `limit`. */
            end_detail?: string | null;
            /**
             * Format: int64
             * @description Messages received, accepted or not.
             */
            messages: number;
            /**
             * Format: int64
             * @description Bytes received in messages.
             */
            bytes: number;
            /** Format: int64 */
            video_frames: number;
            /** Format: int64 */
            audio_chunks: number;
            /**
             * @description Each (participant, track, format) seen, in order of first appearance; at most
             *     [`super::media::MAX_TRACKS`].
             */
            tracks: components["schemas"]["DeepfakeTrackEvidence"][];
            /** @description What the client said of itself when it connected. */
            client_declared: components["schemas"]["DeepfakeConnectionDeclared"];
        };
        /** @description What the client's frames said of their track (not checked). */
        DeepfakeTrackDeclared: {
            participant_id: string;
            track_id: string;
            /**
             * Format: int64
             * @description The first and last frames' `timestamp_ms`, the client's clock.
             */
            first_timestamp_ms: number;
            /** Format: int64 */
            last_timestamp_ms: number;
        };
        /** @description One track of a stream. */
        DeepfakeTrackEvidence: {
            format: components["schemas"]["DeepfakeMediaFormat"];
            /** Format: int64 */
            frames: number;
            /** Format: int64 */
            bytes: number;
            /** Format: int64 */
            largest_frame_bytes: number;
            /**
             * Format: int32
             * @description A video frame's size in pixels, from its picture header (the last frame's).
             */
            width?: number | null;
            /** Format: int32 */
            height?: number | null;
            /** @description Whether the picture size changed during the stream. */
            size_changed: boolean;
            /** Format: date-time */
            first_received_at: string;
            /** Format: date-time */
            last_received_at: string;
            client_declared: components["schemas"]["DeepfakeTrackDeclared"];
        };
        /** @description What the sender said of the file (not checked). */
        DeepfakeUploadDeclared: {
            file_name?: string | null;
            content_type?: string | null;
        };
        /** @description What Docket knows of an uploaded file. */
        DeepfakeUploadEvidence: {
            /** @description The stored file (deleted with the analysis or its applicant's erasure). */
            file_id: components["schemas"]["FileId"];
            /** @description The media type the content shows (never the name or the declared type). */
            content_type: string;
            /** Format: int64 */
            size: number;
            sha256: string;
            /**
             * Format: int32
             * @description A picture's size in pixels, from its header.
             */
            width?: number | null;
            /** Format: int32 */
            height?: number | null;
            client_declared: components["schemas"]["DeepfakeUploadDeclared"];
        };
        /**
         * @description The stream protocol's three detection states, as its result events name them.
         * @enum {string}
         */
        DeepfakeVerdict: "clear" | "suspicious" | "alert";
        /** @description One delivery in the history ("invocation"). The first nine fields are the public service's. */
        Delivery: {
            /** @description The envelope's `id`. */
            id: components["schemas"]["DeliveryId"];
            webhook_id: components["schemas"]["WebhookId"];
            event_type: string;
            /** @description The event's data, as sent. */
            payload: Record<string, never>;
            /**
             * Format: date-time
             * @description The envelope's `timestamp`: when the event happened.
             */
            timestamp: string;
            is_sandbox: boolean;
            /** Format: int32 */
            attempts: number;
            /**
             * Format: int32
             * @description The status code of the last attempt; null while none has been answered.
             */
            response_code?: number | null;
            /** Format: date-time */
            last_attempt_at?: string | null;
            state: components["schemas"]["DeliveryState"];
            /**
             * Format: date-time
             * @description When the next attempt is due (pending deliveries).
             */
            next_attempt_at?: string | null;
            /** @description Why the last attempt failed, if it did. */
            last_error?: string | null;
            /**
             * Format: uuid
             * @description The outbox event delivered (null for test events).
             */
            event_id?: string | null;
            /** @description Sent with "send test event". */
            is_test: boolean;
        };
        /** @description A delivery with all its attempts. */
        DeliveryDetail: components["schemas"]["Delivery"] & {
            /** @description The envelope exactly as sent. */
            body: string;
            attempts_detail: components["schemas"]["Attempt"][];
        };
        /**
         * Format: uuid
         * @description The delivery id (UUIDv7).
         */
        DeliveryId: string;
        /**
         * @description Where a delivery stands.
         * @enum {string}
         */
        DeliveryState: "pending" | "delivered" | "failed";
        /** @description The queue's counts (`GET /_docket/desk/counts`): cases per tab, and the desk's own. */
        DeskCounts: {
            /** Format: int64 */
            collecting_data: number;
            /** Format: int64 */
            running_checks: number;
            /**
             * Format: int64
             * @description `manual_review` and `failed`: both wait for a reviewer.
             */
            manual_review: number;
            /** Format: int64 */
            action_required: number;
            /** Format: int64 */
            decided: number;
            /**
             * Format: int64
             * @description Open cases assigned to the caller.
             */
            assigned_to_me: number;
            /**
             * Format: int64
             * @description Cases waiting for a reviewer that nobody works.
             */
            unassigned: number;
            /**
             * Format: int64
             * @description Cases past their SLA in a stage a person acts in (not running checks).
             */
            sla_breached: number;
            /** Format: int64 */
            awaiting_second_approval: number;
            /**
             * Format: int64
             * @description Cases whose checks ran past the running-checks SLA: an admin's to look into.
             */
            checks_stuck: number;
        };
        /** @description The desk's rules in one environment (`GET`/`PUT /_docket/desk/settings`). */
        DeskSettings: {
            four_eyes: components["schemas"]["FourEyes"];
            sla_hours?: components["schemas"]["SlaHours"];
        };
        /** @description What Docket adds to the public object, under `details`. */
        Details: {
            /** @description The address normalised: the domain lower-cased in Unicode. */
            normalized?: string | null;
            /** @description Why the syntax is refused. */
            syntax_error?: string | null;
            /** @description `found`, `no_domain`, `no_mail`, `lookup_failed` or `greylisted`. */
            mx?: string | null;
            /** @description The mail exchangers found, best first. */
            mx_hosts: string[];
            catch_all: boolean;
            /** @description A likely intended address (`anna@gmial.com` → `anna@gmail.com`). */
            suggestion?: string | null;
            /** @description The verdict and risk model's version. */
            risk_model: string;
            /**
             * @description Why no code was sent, when ownership was asked for and none went out
             *     (`otp_not_sent_no_relay`, `otp_not_sent_relay_misconfigured`, `otp_not_sent_no_master_key`,
             *     `otp_not_sent_invalid_address`, `otp_send_failed`).
             */
            otp_code?: string | null;
            /**
             * @description The code's state: `pending`, `verified`, `expired`, `locked` (ten wrong codes: a new check
             *     is needed).
             */
            otp_state?: string | null;
            /**
             * Format: int32
             * @description Wrong codes the check still takes, across its resends, before it is locked.
             */
            otp_attempts_left?: number | null;
        };
        /** @description A disposition of a hit, as the API shows it. */
        Disposition: {
            /** Format: uuid */
            id: string;
            disposition: components["schemas"]["DispositionKind"];
            reason: components["schemas"]["DispositionReason"];
            note: string;
            /** @description Who decided: a reviewer's name, or `API key <id>`. */
            by: string;
            /** Format: uuid */
            reviewer_id?: string | null;
            /** Format: uuid */
            api_key_id?: string | null;
            /** Format: date-time */
            at: string;
            /** @description The fingerprint of the list entry as it was decided on. */
            entity_version: string;
            /** @description The screening the reviewer looked at. */
            search_id: components["schemas"]["SearchId"];
            /**
             * Format: date-time
             * @description When a later disposition replaced it.
             */
            replaced_at?: string | null;
        };
        /**
         * @description What a reviewer decided about a potential match.
         * @enum {string}
         */
        DispositionKind: "true_match" | "false_positive" | "needs_more_information";
        /**
         * @description Why: the fixed list a disposition's reason comes from.
         * @enum {string}
         */
        DispositionReason: "details_match" | "identifier_matches" | "date_of_birth_differs" | "nationality_differs" | "entity_type_differs" | "name_only" | "insufficient_list_data" | "awaiting_documents" | "other";
        /**
         * @description A date of birth: `1987-12-24` or a date-time whose date part is taken; shown as a date-time at midnight UTC.
         * @example 1987-12-24T00:00:00.000Z
         */
        Dob: string;
        /** @description A date-of-birth filter: a range, inclusive (`gte` = `lte` for one day). */
        DobFilter: {
            /** Format: date-time */
            gte?: string | null;
            /** Format: date-time */
            lte?: string | null;
        };
        /** @description A tombstone's account of an erasure. */
        DocumentErased: {
            /** Format: date-time */
            erased_at: string;
            /** @description The API key or reviewer, from the credential. */
            erased_by: string;
        };
        /**
         * Format: uuid
         * @description The document id (UUIDv7).
         */
        DocumentId: string;
        /**
         * @description Kinds of documents the widget asks for.
         * @enum {string}
         */
        DocumentKind: "certificate_of_incorporation" | "ownership_document" | "proof_of_address";
        /** @description A document to verify. */
        DocumentRef: {
            /** @description The id of a file uploaded to one of the applicant's KYB cases. */
            doc_path: string;
            /** @description `KybCertificateOfIncorporation` or `KybOwnershipDocument`. */
            document_type: string;
        };
        /** @description `POST /api/v4/kyb/{applicant_id}/verify-document`. */
        DocumentRequest: {
            documents: components["schemas"]["DocumentRef"][];
            user_provided_data?: components["schemas"]["UserProvidedData"];
        };
        /**
         * @description Whether a document still stands, after a request to upload its kind again.
         * @enum {string}
         */
        DocumentState: "current" | "outdated" | "replaced";
        /**
         * @description A document's type (the Python client's `DocumentType`; sides are part of the name).
         * @enum {string}
         */
        DocumentType: "passport" | "visa" | "id_card" | "id_card_front" | "id_card_back" | "liveness_photo" | "liveness_photo_extra" | "residence_permit" | "residence_permit_front" | "residence_permit_back" | "selfie" | "driver_license" | "driver_license_front" | "driver_license_back" | "poa" | "poa_utility_bill" | "poa_residence_registration" | "poa_bank_statement";
        /** @description An e-mail address of the plain `local@domain.tld` form. */
        Email: string;
        /** @description An e-mail check as served. */
        EmailCheck: {
            id: components["schemas"]["EmailCheckId"];
            email: string;
            verdict: components["schemas"]["Verdict"];
            /** @description The main reason's machine code; null for a clean pass. */
            code?: string | null;
            /**
             * Format: int32
             * @description 0 (no risk) to 100.
             */
            risk_score: number;
            checks: components["schemas"]["CheckFlags"];
            otp_sent: boolean;
            /** Format: date-time */
            otp_expires_at?: string | null;
            ownership_verified: boolean;
            /** Format: date-time */
            ownership_verified_at?: string | null;
            /** Format: date-time */
            created_at: string;
            applicant_id?: components["schemas"]["ApplicantId"] | null;
            require_ownership: boolean;
            locale?: string | null;
            details: components["schemas"]["Details"];
        };
        /**
         * Format: uuid
         * @description The email check id (UUIDv7).
         */
        EmailCheckId: string;
        /** @description A message for a check. */
        EmailMessage: {
            id: components["schemas"]["EmailMessageId"];
            check_id: components["schemas"]["EmailCheckId"];
            to: string;
            subject: string;
            text: string;
            html: string;
            /**
             * @description The one-time code it carries: sandbox messages only, since the sandbox's outbox is where
             *     its codes are read. Production never keeps a code in clear: its messages are stored with
             *     the code masked in `subject`, `text` and `html`, and this is null.
             */
            code?: string | null;
            locale: string;
            /** @description `outbox` (the sandbox: never sent), `queued`, `sent`, `failed`. */
            state: string;
            /** Format: int32 */
            attempts: number;
            last_error?: string | null;
            /** Format: date-time */
            created_at: string;
            /** Format: date-time */
            sent_at?: string | null;
        };
        /**
         * Format: uuid
         * @description The email message id (UUIDv7).
         */
        EmailMessageId: string;
        /** @description A watchlist entity, as `GET /api/v3/aml/search/{uuid}` returns it. */
        Entity: {
            uuid: components["schemas"]["EntityId"];
            type: components["schemas"]["EntityType"];
            annotation?: string | null;
            tags: components["schemas"]["Tag"][];
            risk_score: components["schemas"]["RiskScore"];
            /**
             * Format: double
             * @description 0 to 100; the entity's risk as a number (High 70+, Medium 40+, Low below).
             */
            risk_score_value: number;
            /**
             * Format: double
             * @description 0 to 1; how prominent the entity is (a head of state more than a local councillor).
             */
            importance_score: number;
            /**
             * Format: int64
             * @description Unix seconds of the list's last change to the entity.
             */
            updated_at: number;
            fields: components["schemas"]["EntityFields"];
        };
        /** @description Everything a list says of an entity. */
        EntityFields: {
            names: components["schemas"]["EntityName"][];
            sources?: components["schemas"]["SourceData"][];
            media?: components["schemas"]["AdverseMedia"][];
            images?: components["schemas"]["Image"][];
            contact_info?: components["schemas"]["ContactInfo"][];
            registration_ids?: components["schemas"]["RegistrationId"][];
            addresses?: components["schemas"]["Location"][];
            genders?: components["schemas"]["EntityGender"][];
            dates_of_birth?: components["schemas"]["DateRange"][];
            places_of_birth?: components["schemas"]["Location"][];
            dates_of_death?: components["schemas"]["DateRange"][];
            places_of_death?: components["schemas"]["Location"][];
            citizenships?: components["schemas"]["CountryCode"][];
            nationalities?: components["schemas"]["CountryCode"][];
            political_roles?: components["schemas"]["PoliticalRole"][];
            occupations?: components["schemas"]["Occupation"][];
            companies_and_enterprises?: components["schemas"]["EntityInfo"][];
            owners_and_beneficiaries?: components["schemas"]["EntityInfo"][];
            associates?: components["schemas"]["Associate"][];
            /**
             * @description FATF records of the countries the entity is linked with (spec 2.7): filled when the
             *     entity is served, from the FATF table in use (lists do not carry them).
             */
            fatf_records?: components["schemas"]["FatfRecord"][];
        };
        /**
         * @description An entity's gender, as the lists record it.
         * @enum {string}
         */
        EntityGender: "Male" | "Female" | "Other";
        /**
         * Format: uuid
         * @description The entity id (UUIDv7).
         */
        EntityId: string;
        /** @description A company an entity owns or works for, or an owner of it. */
        EntityInfo: {
            name: string;
            reference?: components["schemas"]["EntityId"] | null;
            /** Format: uuid */
            ref?: string | null;
            role?: string | null;
            country?: components["schemas"]["CountryCode"] | null;
            start_date?: components["schemas"]["DateRange"] | null;
            end_date?: components["schemas"]["DateRange"] | null;
            /** Format: double */
            ownership_value?: number | null;
            currency?: string | null;
            /** Format: double */
            ownership_percentage?: number | null;
            additional_source?: components["schemas"]["SourceData"] | null;
        };
        /** @description One name of an entity. */
        EntityName: {
            full_name: string;
            first_name?: string | null;
            middle_name?: string | null;
            last_name?: string | null;
            /** @description ISO 639-1 language or script of the name, when known (`ru`, `ar`, `zh`). */
            lang?: string | null;
            /** @description The primary name, as opposed to an alias (Docket's addition). */
            primary?: boolean;
        };
        /**
         * @description What a watchlist entity is.
         * @enum {string}
         */
        EntityType: "Person" | "Organization" | "Vessel" | "Aircraft" | "CryptoWallet" | "Country";
        /**
         * @description The two isolated environments of an organization.
         * @enum {string}
         */
        Environment: "sandbox" | "production";
        /** @description One erasure. It names the subject by id only: the erased data is not kept here either. */
        Erasure: {
            id: components["schemas"]["ErasureId"];
            /** @description What was erased: `applicant`. */
            subject_kind: string;
            /** Format: uuid */
            subject_id: string;
            /**
             * Format: date-time
             * @description Real time.
             */
            erased_at: string;
            /** @description A reviewer's name, an API key's name, or `docket erase`. */
            erased_by: string;
            /**
             * @description How many records of each kind were deleted or redacted (`applicants`, `aml_searches`,
             *     `events`, `deliveries_deleted`, `deliveries_redacted`, `journal_bodies`, `files`, ...).
             */
            removed: {
                [key: string]: number;
            };
        };
        /**
         * Format: uuid
         * @description The erasure id (UUIDv7).
         */
        ErasureId: string;
        /** @description `GET /_docket/erasures`. */
        Erasures: {
            data: components["schemas"]["Erasure"][];
        };
        /** @description The body of every error response. */
        ErrorBody: {
            /**
             * @description What went wrong, for people.
             * @example info.dob: must be between 1900-01-01 and today (2026-11-22)
             */
            message: string;
            /**
             * @description What went wrong, for programs: `bad_request`, `unauthorized`, `forbidden`, `not_found`,
             *     `method_not_allowed`, `conflict`, `payload_too_large`, `unsupported_media_type`,
             *     `too_many_requests` (a 429, with `Retry-After`), `timeout`, `unavailable` (a 503; with
             *     `Retry-After` when trying again later may help), `internal`.
             * @example bad_request
             */
            error: string;
            /**
             * @description The offending field, as a dotted path, when one is to blame.
             * @example info.dob
             */
            field?: string | null;
            /**
             * @description What is wrong with `field`, for programs, when the engine names it: `country` (not a
             *     country from the list), `email`, `phone`, `date`, `percentage` (not 0 to 100),
             *     `shares_total` (more than 100% in all), `text` (too long or with control characters),
             *     `choice` (not one of the values offered), `unknown_field`, `representative_owner`. A
             *     page shows its own words for it, in its language, beside the field.
             * @example date
             */
            code?: string | null;
            /**
             * @description Every rejected field of the input, when it had more than one wrong (the first is the
             *     one `field` names): a form shows them all at once.
             *     (Boxed: most errors have none, and every handler's error stays small.)
             */
            errors?: components["schemas"]["FieldError"][] | null;
        };
        /** @description An event as stored. */
        Event: {
            id: components["schemas"]["EventId"];
            event_type: string;
            /**
             * Format: uuid
             * @description The record it is about (an applicant, a case, ...).
             */
            subject_id?: string | null;
            /**
             * Format: date-time
             * @description When it happened, on its environment's clock.
             */
            created_at: string;
            payload: Record<string, never>;
        };
        /**
         * Format: uuid
         * @description The event id (UUIDv7).
         */
        EventId: string;
        /**
         * @description Event types an endpoint can subscribe to: the public service's names.
         * @enum {string}
         */
        EventType: "ALL" | "AML_SCREENING" | "DEEPFAKE_ANALYSIS" | "DOCVER" | "DOCVER_CHECKS" | "BANKBOOK_EXTRACTION" | "TRANSACTION_MONITORING" | "KYT_WALLET_CHECK" | "KYB_VERIFICATION" | "KYB_CHECK" | "EMAIL_CHECK" | "NONDOC_VERIFICATION";
        /** @enum {string} */
        EvidenceKind: "sanctions_list" | "simulated_exposure";
        /** @description Why a hit scored what it did: shown by the console beside each hit. */
        Explanation: {
            /** @description One line for people: `2 of 2 name tokens matched (1 exact, 1 fuzzy 0.96); date of birth matches`. */
            summary: string;
            /** @description The query name that matched best (first and last names, or the full name). */
            query_name: string;
            /** @description The listed name it matched. */
            listed_name: string;
            /** @description The name score and its token pairs. */
            name: components["schemas"]["NameScore"];
            /** @description A registration id the request and the entity share, if any. */
            identifier_match?: string | null;
            /**
             * Format: double
             * @description The threshold the name score had to reach.
             */
            threshold: number;
        };
        /** @description A share of the address's funds by counterparty category (sandbox simulation). */
        ExposureShare: {
            category: components["schemas"]["KytCategory"];
            /**
             * Format: int32
             * @description Percent of the address's volume, 0 to 100.
             */
            percent: number;
        };
        /** @enum {string} */
        ExposureStatus: "not_checked" | "simulated";
        /** @description Where and why an expression does not compile. */
        ExpressionError: {
            message: string;
            /**
             * Format: int32
             * @description 1-based line and column (in characters) of the offending text.
             */
            line: number;
            /** Format: int32 */
            column: number;
            /**
             * Format: int32
             * @description The offending text as a range of characters from the start of the expression, for
             *     underlining it.
             */
            start: number;
            /** Format: int32 */
            end: number;
            /** @description The message with the source line and a caret under the position. */
            rendered: string;
        };
        /** @description The caller's own identifier for a record: 1 to 256 printable characters. */
        ExternalId: string;
        FatfRecord: {
            fatf_status: components["schemas"]["FatfStatus"];
            url: string;
            description: string;
            country: components["schemas"]["CountryCode"];
        };
        /**
         * @description The status a country has with the FATF.
         * @enum {string}
         */
        FatfStatus: "FatfMember" | "CallForAction" | "IncreasedMonitoring" | "NotListed";
        FatfTable: {
            data: components["schemas"]["FatfRecord"][];
        };
        /** @description One field of the comparison: declared, read by Docket, read by the reviewer. */
        FieldComparison: {
            /** @description `full_name`, `birth_date`, `nationality`, `document_number` or `expiry_date`. */
            field: string;
            /** @description The applicant's data as the integration declared it. */
            declared?: string | null;
            /** @description What Docket read (the machine-readable zone of a PDF with a text layer). */
            machine?: string | null;
            /** @description What the reviewer entered. */
            reviewer?: string | null;
            match: components["schemas"]["FieldMatch"];
            /** @description True when both Docket and the reviewer read the field and they disagree. */
            readings_differ: boolean;
        };
        /** @description One rejected field of an input. */
        FieldError: {
            /** @description The field as a dotted path (`company.address.country`, `ownership.persons[1].nationality`). */
            field?: string | null;
            /** @description As in [`ErrorBody::code`]. */
            code?: string | null;
            message: string;
        };
        /** @description Where a value was read. */
        FieldEvidence: {
            /**
             * Format: int32
             * @description 1-based page.
             */
            page: number;
            /**
             * Format: int32
             * @description 1-based line of the page's text.
             */
            line: number;
            /** @description The line as read. */
            text: string;
        };
        /**
         * @description How a field compares.
         * @enum {string}
         */
        FieldMatch: "match" | "mismatch" | "not_declared" | "not_read";
        /**
         * Format: uuid
         * @description The file id (UUIDv7).
         */
        FileId: string;
        /**
         * @description How a request filter fared against a hit. Entities whose data contradicts a filter are not
         *     returned, so `NO_MATCH` means the entity holds no data to compare with.
         * @enum {string}
         */
        FilterMatch: "FILTER_NOT_SET" | "NO_MATCH" | "MATCH" | "PARTIAL_MATCH";
        /** @description What the hosted page shows when the person is done. */
        FinishScreen: {
            /** @default null */
            title: string | null;
            /** @default null */
            main_text: string | null;
            /** @default null */
            redirect_warning: string | null;
            /** @default null */
            cta: string | null;
            /** @default null */
            redirect_link: string | null;
        };
        FinishScreenSettings: {
            /** @default false */
            enabled: boolean;
            /**
             * @default {
             *       "cta": null,
             *       "main_text": null,
             *       "redirect_link": null,
             *       "redirect_warning": null,
             *       "title": null
             *     }
             */
            settings: components["schemas"]["FinishScreen"];
        };
        /** @description A rule that fired. */
        FiredRule: {
            /** Format: uuid */
            rule_id: string;
            name: string;
            event_type: components["schemas"]["RuleEventType"];
            /** Format: int64 */
            rank: number;
            causes: string[];
            action?: components["schemas"]["RuleAction"] | null;
        };
        /**
         * @description What kind of flag.
         * @enum {string}
         */
        FlagKind: "to_review" | "undisposed_hit" | "errored_check";
        /** @description Everything the merchant has given so far. */
        Form: {
            /**
             * @default {
             *       "address": null,
             *       "country": null,
             *       "dba": null,
             *       "entity_type": null,
             *       "form_type": null,
             *       "incorporation_date": null,
             *       "legal_name": null,
             *       "registration_number": null,
             *       "registration_type": null,
             *       "state": null,
             *       "tin": null
             *     }
             */
            company: components["schemas"]["Company"];
            /**
             * @default {
             *       "date_of_birth": null,
             *       "email": null,
             *       "first_name": null,
             *       "last_name": null,
             *       "nationality": null,
             *       "phone": null,
             *       "title": null
             *     }
             */
            representative: components["schemas"]["Representative"];
            /**
             * @default {
             *       "companies": [],
             *       "persons": []
             *     }
             */
            ownership: components["schemas"]["Ownership"];
            /**
             * @description Uploaded files (in the file store) by document kind.
             * @default {}
             */
            documents: {
                [key: string]: components["schemas"]["FileId"][];
            };
        };
        /** @description The widget's stepper (spec 2.1 `KybFormProgress`). */
        FormProgress: {
            /** Format: int32 */
            sections_completed: number;
            /** Format: int32 */
            sections_total: number;
            current_section?: components["schemas"]["SectionKey"] | null;
            sections: components["schemas"]["SectionProgress"][];
        };
        /**
         * @description When a decision needs a second approval.
         * @enum {string}
         */
        FourEyes: "off" | "high_risk" | "rejections" | "all";
        /** @description Which decisions on a case need a second approval now. */
        FourEyesRequired: {
            approve: boolean;
            reject: boolean;
        };
        /**
         * @description A site that may frame the organization's hosted pages: an origin as browsers send it,
         *     scheme and host in lower case, the port only when it is not the scheme's default.
         * @example https://shop.example.com
         */
        FrameOrigin: string;
        /**
         * Format: double
         * @description A fuzziness level between 0 (exact) and 1 (broad).
         * @example 1
         */
        FuzzinessLevel: number;
        /**
         * @description `M` or `F`; `Male` and `Female` are accepted on input.
         * @enum {string}
         */
        Gender: "M" | "F";
        Health: {
            /** @example ok */
            status: string;
            version: string;
        };
        /** @description One hit of a search: the entity and how it matched. */
        Hit: components["schemas"]["Entity"] & {
            search_metadata: components["schemas"]["SearchMetadata"];
            /**
             * @description Docket's addition, on a screening: the fingerprint of the list entry as this hit saw it
             *     (a disposition applies while it is unchanged).
             */
            entity_version?: string | null;
            disposition?: components["schemas"]["Disposition"] | null;
            /** @description Every disposition of this party on this entity, newest first (earlier versions included). */
            disposition_history?: components["schemas"]["Disposition"][];
        };
        HolderMatch: {
            /**
             * Format: double
             * @description 0 to 1 (`aml` name scoring, `docket-names-2`).
             */
            score: number;
            level: components["schemas"]["HolderMatchLevel"];
            /** @description The applicant's name it was compared with. */
            applicant_name: string;
        };
        /**
         * @description How the holder compares with the applicant's name (the AML name matcher's score).
         * @enum {string}
         */
        HolderMatchLevel: "match" | "partial" | "mismatch";
        Image: {
            description: string;
            url?: string | null;
        };
        /** @description An import job as `GET /_docket/aml/lists/imports/{id}` shows it. */
        ImportJob: {
            /** Format: uuid */
            id: string;
            format: components["schemas"]["ListFormat"];
            /** @description The uploaded files' names. */
            files: string[];
            state: components["schemas"]["ImportState"];
            /**
             * Format: double
             * @description The share done, 0 to 1: reading the files is the first 0.9, storing and indexing the rest.
             */
            progress: number;
            /** Format: date-time */
            started_at: string;
            /** Format: date-time */
            finished_at?: string | null;
            snapshot?: components["schemas"]["Snapshot"] | null;
            /** @description The first rejected rows, with reasons (`snapshot.rows_rejected` counts them all). */
            rejections: components["schemas"]["RejectedRow"][];
            /** @description Why the import failed. */
            message?: string | null;
        };
        ImportJobs: {
            /** @description The recent imports (the last 20 and any running), newest first. */
            data: components["schemas"]["ImportJob"][];
        };
        /**
         * @description Where an import stands.
         * @enum {string}
         */
        ImportState: "reading" | "indexing" | "done" | "failed";
        /** @description `GET /_docket/desk/inbox`: what waits for the signed-in reviewer. */
        Inbox: {
            /**
             * @description Second approvals they may give that are routed to them, or to no one in particular
             *     (then every senior sees them), oldest first.
             */
            approvals: components["schemas"]["PendingApproval"][];
            /** @description The latest comments by others that mention them (at most 20), newest first. */
            mentions: components["schemas"]["Mention"][];
            /**
             * Format: int32
             * @description How many comments by others mention them that they have not read (all of them, not only
             *     the latest 20).
             */
            unread_mentions: number;
        };
        /** @description Who the key belongs to and what this server is. */
        Info: {
            /** @description The Docket version. */
            version: string;
            /** Format: uuid */
            organization_id: string;
            organization_name: string;
            environment: components["schemas"]["Environment"];
            /**
             * Format: date-time
             * @description The environment's current time.
             */
            now: string;
            /** @description The database schema version. */
            schema_version: number;
            /** @description How the caller is signed in: `api` (an API key) or `console` (a console session). */
            source: components["schemas"]["Source"];
            /** @description The reviewer a console request named (`X-Docket-Reviewer`); null for API keys. */
            reviewer?: string | null;
            /** @description What the environment holds. */
            counts: components["schemas"]["Counts"];
        };
        /**
         * @description Changes to applicant data, with JSON merge-patch semantics: a field left out stays as it is,
         *     `null` clears it; `addresses` and `custom_fields` merge by key (`null` for a key removes it,
         *     `null` for the whole object clears it). Contact details may be changed here too.
         */
        InfoPatch: {
            full_name?: string | null;
            first_name?: string | null;
            last_name?: string | null;
            dob?: components["schemas"]["Dob"] | null;
            gender?: components["schemas"]["Gender"] | null;
            citizenship?: string | null;
            country?: string | null;
            address?: string | null;
            addresses?: Record<string, never> | null;
            registration_id?: string | null;
            custom_fields?: Record<string, never> | null;
            email?: string | null;
            phone?: string | null;
        };
        /** @description One journal entry as `GET /_docket/requests` shows it. */
        JournalEntry: {
            /**
             * Format: int64
             * @description Increases with every entry; pass the highest seen as `after` to fetch only newer ones.
             */
            seq: number;
            /** @description The `x-request-id` of the request and its response. */
            request_id: string;
            /** Format: date-time */
            received_at: string;
            environment?: components["schemas"]["Environment"] | null;
            /** @description `api` (an API key) or `console` (a console session; only its changes are recorded). */
            source: components["schemas"]["Source"];
            /**
             * Format: uuid
             * @description The key the request came with (`api` requests that presented a valid key).
             */
            api_key_id?: string | null;
            /** @description The reviewer who made a console request, as the console named them. */
            reviewer?: string | null;
            method: string;
            path: string;
            query?: string | null;
            /** Format: int32 */
            status: number;
            /** Format: double */
            latency_ms: number;
            client?: string | null;
            /** @description The body as received, secrets redacted, cut at the body limit. */
            request_body?: string | null;
            request_body_truncated: boolean;
            response_body?: string | null;
            response_body_truncated: boolean;
        };
        /** @description An API key: everything but the key itself, which Docket keeps only as a hash. */
        Key: {
            /** Format: uuid */
            id: string;
            environment: components["schemas"]["Environment"];
            name: string;
            /** @description The key's start and last characters, to tell keys apart: `dk_sandbox_…x1Y2`. */
            hint: string;
            /** @description Set when the key is pinned by an environment variable (`DOCKET_SANDBOX_API_KEY`, ...). */
            pinned_from?: string | null;
            /** Format: date-time */
            created_at: string;
            /**
             * Format: date-time
             * @description Written at most once a minute.
             */
            last_used_at?: string | null;
            /** Format: date-time */
            revoked_at?: string | null;
        };
        KeyList: {
            /** @description The environment's keys, revoked ones included, oldest first. */
            data: components["schemas"]["Key"][];
        };
        /** @description A postal address. */
        KybAddress: {
            street?: components["schemas"]["Line"] | null;
            city?: components["schemas"]["Line"] | null;
            postal_code?: components["schemas"]["Line"] | null;
            state?: components["schemas"]["Line"] | null;
            country?: components["schemas"]["CountryCode"] | null;
        };
        /**
         * @description What the address is linked with.
         * @enum {string}
         */
        KytCategory: "sanctions" | "mixer" | "darknet_market" | "scam" | "gambling" | "exchange";
        /**
         * @description The chains whose addresses are checked.
         * @enum {string}
         */
        KytChain: "bitcoin" | "ethereum" | "tron" | "litecoin" | "bitcoin_cash" | "dash" | "zcash" | "monero";
        /** @description A KYT check as served. */
        KytCheck: {
            id: components["schemas"]["KytCheckId"];
            chain: components["schemas"]["KytChain"];
            /** @description The address as given (trimmed). */
            address: string;
            /**
             * @description The one spelling exact matching compares (Ethereum lower-cased, Bitcoin Cash as prefixed
             *     CashAddr, bech32 lower-cased); null when the address is not valid.
             */
            canonical_address?: string | null;
            /**
             * @description `p2pkh`, `p2sh`, `segwit_v0`, `taproot`, `account`, `sapling`, `standard`, `integrated`,
             *     `subaddress`...; null when not valid.
             */
            address_form?: string | null;
            valid: boolean;
            /**
             * @description Why the address is not valid: `empty`, `too_long`, `format`, `checksum`, `testnet`,
             *     `wrong_chain`, `unsupported`; null when valid.
             */
            invalid_code?: string | null;
            /** @description The same in words, for a person; null when valid. */
            invalid_reason?: string | null;
            tx_hash?: string | null;
            applicant_id?: components["schemas"]["ApplicantId"] | null;
            /** @description Whether this check started the address's monitoring. */
            monitor: boolean;
            origin: components["schemas"]["KytOrigin"];
            risk_score?: components["schemas"]["KytRiskScore"] | null;
            categories: components["schemas"]["KytCategory"][];
            evidence: components["schemas"]["KytEvidence"][];
            exposure: components["schemas"]["KytExposure"];
            environment: string;
            monitored_from?: components["schemas"]["KytCheckId"] | null;
            /** Format: date-time */
            created_at: string;
        };
        /**
         * Format: uuid
         * @description The KYT check id (UUIDv7).
         */
        KytCheckId: string;
        /** @description Why a category was found. */
        KytEvidence: {
            kind: components["schemas"]["EvidenceKind"];
            category: components["schemas"]["KytCategory"];
            /** @description The list's label, for a listing. */
            list?: string | null;
            /**
             * Format: uuid
             * @description The listed entity (`GET /api/v3/aml/entities/{id}` style ids of the AML index).
             */
            entity_id?: string | null;
            entity_name?: string | null;
            /** @description Whose wallet it is, when the list says. */
            holder?: string | null;
            /** @description The sources the entity cites. */
            sources: string[];
            /** @description The programmes or reasons they give. */
            programs: string[];
            /** @description The currency code as listed (`XBT`, `USDT`). */
            currency?: string | null;
            /** @description The address as listed. */
            listed_address?: string | null;
            /** @description One sentence for a reviewer. */
            detail: string;
        };
        /** @description Counterparty exposure. */
        KytExposure: {
            status: components["schemas"]["ExposureStatus"];
            /** @description Why it is not checked, or that it is simulated. */
            reason: string;
            counterparties: components["schemas"]["ExposureShare"][];
        };
        /** @description A monitored address, as listed. */
        KytMonitor: {
            /** @description The check that started it. */
            id: components["schemas"]["KytCheckId"];
            chain: components["schemas"]["KytChain"];
            canonical_address: string;
            applicant_id?: components["schemas"]["ApplicantId"] | null;
            /** @description The latest check of the address. */
            last_check_id: components["schemas"]["KytCheckId"];
            /** Format: date-time */
            started_at: string;
            /** Format: date-time */
            stopped_at?: string | null;
        };
        /**
         * @description Where a check came from.
         * @enum {string}
         */
        KytOrigin: "api" | "monitoring" | "demo";
        /**
         * @description The risk level of a check.
         * @enum {string}
         */
        KytRiskLevel: "Low" | "Medium" | "High" | "Severe";
        KytRiskScore: {
            level: components["schemas"]["KytRiskLevel"];
            /**
             * Format: int32
             * @description 0 (nothing found) to 100 (a sanctioned address).
             */
            score: number;
        };
        /**
         * @description A line of free text (a name, a title, a registration number): trimmed, 1 to 300
         *     characters, no control characters.
         */
        Line: string;
        /** @description A profile's public link (spec 2.5): opening it starts a verification with the profile. */
        Link: {
            link_id: string;
            profile_id: components["schemas"]["ProfileId"];
            /**
             * Format: int32
             * @description How long verifications started through it stay open.
             */
            expiration_minutes: number;
            /** Format: date-time */
            created_at: string;
            /** Format: date-time */
            archived_at?: string | null;
            /** @description The hosted page that starts a verification. */
            web_link: string;
            /** @description Docket has no Telegram bot: always null. */
            telegram_link?: string | null;
        };
        /** @description A link's id. */
        LinkAnswer: {
            link_id: string;
        };
        /**
         * @description A link's options (spec 2.5). The deprecated `manual_field_settings` and
         *     `finish_screen_settings` are still taken: they are written into the profile's settings,
         *     where they live now.
         */
        LinkInput: {
            /**
             * Format: int64
             * @description How long verifications started through the link stay open: 1 to 10080 (default 240).
             */
            expiration_in_minutes?: number | null;
            manual_field_settings?: Record<string, never> | null;
            finish_screen_settings?: Record<string, never> | null;
        };
        /**
         * @description The format of a list file.
         * @enum {string}
         */
        ListFormat: "us-csl" | "ofac-sdn" | "un-xml" | "ftm" | "demo";
        Lists: {
            /** @description Every imported snapshot, newest first, and the demo list (sandbox only). */
            data: components["schemas"]["Snapshot"][];
        };
        Location: {
            country?: components["schemas"]["CountryCode"] | null;
            region?: string | null;
            city?: string | null;
            postal_code?: string | null;
            address?: string | null;
        };
        /** @description One field a person fills by hand on the hosted page. */
        ManualField: {
            /** @default false */
            enabled: boolean;
            /** @default null */
            caption: string | null;
            /**
             * Format: int64
             * @default null
             */
            order: number | null;
            /** @default false */
            optional: boolean;
        };
        /** @description Fields a person fills by hand (public-api.md section 3: `manual_field_settings`). */
        ManualFieldSettings: {
            /** @default false */
            enabled: boolean;
            /** @default null */
            description: string | null;
            /** @default null */
            full_name: components["schemas"]["ManualField"] | null;
            /** @default null */
            email: components["schemas"]["ManualField"] | null;
            /** @default null */
            phone: components["schemas"]["ManualField"] | null;
            /** @default null */
            country: components["schemas"]["ManualField"] | null;
            /** @default null */
            dob: components["schemas"]["ManualField"] | null;
            /** @default null */
            gender: components["schemas"]["ManualField"] | null;
            /** @default null */
            citizenship: components["schemas"]["ManualField"] | null;
            /** @default null */
            address: components["schemas"]["ManualField"] | null;
            /** @default null */
            certificate_of_incorporation: components["schemas"]["ManualField"] | null;
            /** @default null */
            ownership_document: components["schemas"]["ManualField"] | null;
            /**
             * @description `[{label, caption, order, options: {choices, type}}]`, kept as sent.
             * @default []
             */
            custom_fields: Record<string, never>[];
        };
        /**
         * @description How well one part of a hit matches.
         * @enum {string}
         */
        MatchLevel: "ZERO_MATCH" | "NOT_ENOUGH_DATA" | "LOW" | "MEDIUM" | "HIGH" | "FULL_MATCH";
        /** @description `GET /_docket/me`. */
        Me: {
            reviewer: components["schemas"]["Reviewer"];
            organization_id: string;
        };
        /** @description A comment that mentions the reader. */
        Mention: {
            case_id: components["schemas"]["CaseId"];
            public_id: string;
            company_name?: string | null;
            comment: components["schemas"]["Comment"];
            /**
             * @description Whether the reader has read it: they opened its case since, or marked their mentions
             *     read.
             */
            read: boolean;
        };
        /** @description An answer that is only a message. */
        Message: {
            message: string;
        };
        /**
         * @description How a pair of tokens matched.
         * @enum {string}
         */
        Method: "exact" | "fuzzy" | "phonetic" | "skeleton" | "initial" | "joined";
        /** @description `GET /_docket/desk/metrics`. */
        Metrics: {
            /** Format: date-time */
            from: string;
            /** Format: date-time */
            to: string;
            reviewers: components["schemas"]["ReviewerMetrics"][];
            /**
             * Format: int64
             * @description Open cases past their SLA now.
             */
            sla_breached_now: number;
        };
        /** @description The answer to a proceed that lacks documents (the JS client's `ProceedVerificationErrorModel`). */
        MissingDocuments: {
            id: components["schemas"]["VerificationId"];
            error: string;
            message: string;
            pending_documents: components["schemas"]["DocumentType"][];
        };
        /**
         * @description A transaction (money moved between users) or a payment (a checkout).
         * @enum {string}
         */
        MonitoredEventKind: "transaction" | "payment";
        /** @description `POST /_docket/transmon/events/{event_id}/assignee`. */
        MonitoringAssigneeInput: {
            /**
             * Format: uuid
             * @description The reviewer to work the event; null lets it go.
             */
            reviewer_id?: string | null;
        };
        /**
         * @description The outcome for the event: `reject` when a rule with `action: reject` fired; `review` when
         *     another rule fired or the payee was a watchlist hit; `allow` otherwise.
         * @enum {string}
         */
        MonitoringDecision: "allow" | "review" | "reject";
        /**
         * @description What a reviewer concluded of a flagged event.
         * @enum {string}
         */
        MonitoringDisposition: "cleared" | "escalated" | "reported";
        /** @description `POST /_docket/transmon/events/{event_id}/disposition`. */
        MonitoringDispositionInput: {
            disposition: components["schemas"]["MonitoringDisposition"];
            /** @description Why: what the reviewer looked at and concluded (required). */
            note: string;
        };
        /**
         * @description An event's evaluation: the `TRANSACTION_MONITORING` webhook's payload and
         *     `GET /api/v3/transmon/events/{event_id}`.
         */
        MonitoringResult: {
            /** Format: uuid */
            event_id: string;
            event_type: components["schemas"]["MonitoredEventKind"];
            /** Format: uuid */
            applicant_id: string;
            /**
             * Format: date-time
             * @description When it was received, on the environment's clock (the statistics' day).
             */
            received_at: string;
            decision: components["schemas"]["MonitoringDecision"];
            /** @description Every fired rule's causes, in firing order, each once. */
            causes: string[];
            fired_rules: components["schemas"]["FiredRule"][];
            rule_errors: components["schemas"]["RuleError"][];
            /**
             * Format: int32
             * @description How many rules were evaluated.
             */
            rules_evaluated: number;
            /**
             * Format: uuid
             * @description The `reject` rule that stopped the rest, if one did.
             */
            stopped_by?: string | null;
            checks: components["schemas"]["Checks"];
            stats: components["schemas"]["Stats"];
            /** @description The event's fields as submitted (numbers with the digits sent). */
            event: Record<string, never>;
            review?: components["schemas"]["MonitoringReview"] | null;
        };
        /** @description A flagged event's review: its disposition with the note saying why, and its assignee. */
        MonitoringReview: {
            disposition?: components["schemas"]["MonitoringDisposition"] | null;
            note?: string | null;
            /** @description `reviewer:<name>`. */
            disposed_by?: string | null;
            /** Format: date-time */
            disposed_at?: string | null;
            assignee?: components["schemas"]["ReviewerRef"] | null;
            /** @description `reviewer:<name>`. */
            assigned_by?: string | null;
            /** Format: date-time */
            assigned_at?: string | null;
        };
        /** @description A rule as served (public-api.md section 6, plus `builtin`). */
        MonitoringRule: {
            /** Format: uuid */
            id: string;
            /** Format: uuid */
            organization_id: string;
            name: string;
            status: components["schemas"]["RuleStatus"];
            event_type: components["schemas"]["RuleEventType"];
            /** Format: int64 */
            rank: number;
            expression: string;
            causes: string[];
            action?: components["schemas"]["RuleAction"] | null;
            /** @description One of Docket's own rules: its status may change, nothing else. */
            builtin: boolean;
            /** Format: date-time */
            created_at: string;
            /** Format: date-time */
            updated_at: string;
        };
        /**
         * @description 0 AUTO (first and last names when both are given, else the full name), 1 FULL_NAME_ONLY, 2 FIRST_AND_LAST_NAMES_ONLY. The names are accepted too.
         * @enum {integer}
         */
        NameMode: 0 | 1 | 2;
        /** @description A name score with its evidence. */
        NameScore: {
            /**
             * Format: double
             * @description 0 to 1.
             */
            score: number;
            /** @description Every query token matched exactly and nothing was left over on either side. */
            exact: boolean;
            matches: components["schemas"]["TokenMatch"][];
            /** @description Query tokens with no partner. */
            unmatched_query: string[];
            /** @description Listed tokens with no partner. */
            unmatched_listed: string[];
        };
        /** @description One thing the person must send. */
        Need: {
            kind: components["schemas"]["NeedKind"];
            /** @description The checks that read it. */
            checks: components["schemas"]["CheckStep"][];
            /** @description Whether what is in satisfies it. */
            done: boolean;
            chosen?: components["schemas"]["DocumentType"] | null;
            /** @description The documents it may be satisfied with, in the profile's order. */
            choices: components["schemas"]["NeedChoice"][];
            /**
             * @description What is still wanted (the checks' `pending_documents`): every choice while nothing is
             *     in, the missing side once one side of a card is in, nothing when done.
             */
            pending_documents: components["schemas"]["DocumentType"][];
            covered_by?: components["schemas"]["NeedKind"] | null;
        };
        /** @description A document type that satisfies a requirement, and the files it takes. */
        NeedChoice: {
            /** @description The type without side (`id_card`). */
            document_type: components["schemas"]["DocumentType"];
            /** @description One upload, or front and back. */
            uploads: components["schemas"]["NeededUpload"][];
        };
        /**
         * @description What one requirement is, in the person's words (the page's `verify.need.<kind>`).
         * @enum {string}
         */
        NeedKind: "identity" | "face" | "liveness" | "address";
        /** @description One file a document takes: the document itself, or one side of a two-sided one. */
        NeededUpload: {
            /** @description The type to upload it as (`id_card_back`; `passport`). */
            document_type: components["schemas"]["DocumentType"];
            side?: components["schemas"]["Side"] | null;
            document_id?: components["schemas"]["DocumentId"] | null;
            /** @description That document's file name as sent. */
            file_name?: string | null;
        };
        /** @description `POST /api/v3/applicants`. */
        NewApplicant: {
            external_id?: components["schemas"]["ExternalId"] | null;
            email?: components["schemas"]["Email"] | null;
            phone?: components["schemas"]["Phone"] | null;
            info?: components["schemas"]["ApplicantInfo"] | null;
            applicant_type?: components["schemas"]["ApplicantType"] | null;
            /** @description Turns daily AML monitoring on (default false). */
            aml_screening_enabled?: boolean | null;
            search_options?: components["schemas"]["SearchOptionsInput"] | null;
        };
        /** @description `POST /api/v4/kyb/verifications/{id}/assign`. */
        NewAssignment: {
            reviewer_id?: components["schemas"]["ReviewerId"] | null;
        };
        /** @description `POST /api/v4/kyb/verifications`. */
        NewCase: {
            external_id?: components["schemas"]["ExternalId"] | null;
            company?: components["schemas"]["Company"] | null;
            representative?: components["schemas"]["Representative"] | null;
            /**
             * @description The check types to run, instead of the default plan (every type but
             *     `agentic_verification`; `tin` only for US companies or a given TIN).
             */
            checks?: components["schemas"]["CheckType"][] | null;
        };
        /** @description `POST /api/v4/kyb/verifications/{id}/comments`. */
        NewComment: {
            body: string;
        };
        /** @description `POST /api/v4/kyb/verifications/{id}/decision`. */
        NewDecision: {
            decision: components["schemas"]["DecisionKind"];
            reason?: components["schemas"]["Reason"] | null;
            /** @description The reasons, each fitting the decision (at most 8). */
            reasons?: components["schemas"]["Reason"][];
            /**
             * @description Required: what the reviewer saw and why they decided so (1 to 2000 characters). Internal:
             *     never shown to the merchant.
             */
            note: string;
            /**
             * @description What the merchant is told in the widget once the decision applies (up to 2000
             *     characters).
             */
            merchant_message?: string | null;
            /**
             * Format: uuid
             * @description Under four eyes: the senior (or admin) asked for the second approval; others may still
             *     give it. Ignored when the decision needs no second approval.
             */
            approver_id?: string | null;
            /**
             * @description The keys of the case's `open_flags` the reviewer acknowledges: an approval must name
             *     every one (a rejection needs none).
             */
            acknowledged_flags?: string[];
        };
        /** @description `POST /_docket/aml/screenings/{search_uuid}/hits/{entity_uuid}/disposition`. */
        NewDisposition: {
            disposition: components["schemas"]["DispositionKind"];
            reason: components["schemas"]["DispositionReason"];
            /** @description What the reviewer compared (up to 2000 characters; required with the reason `other`). */
            note?: string;
        };
        /** @description A new check (public-api.md section 5). */
        NewEmailCheck: {
            email: string;
            /**
             * Format: uuid
             * @description The applicant the address belongs to; its verified e-mail is set when ownership is
             *     proven.
             */
            applicant_id?: string | null;
            /** @description Send a one-time code to prove the address is the person's. */
            require_ownership?: boolean;
            /** @description The code message's language (`en`, `de`, `fr`, `es`; others get English). */
            locale?: string | null;
        };
        /** @description The body of a key creation. */
        NewKey: {
            /** @description A name to tell the key apart, 1 to 80 characters: "CI", "Alice's laptop". */
            name: string;
        };
        /** @description A new key: the same fields, and the key itself, shown only this once. */
        NewKeyCreated: components["schemas"]["Key"] & {
            /**
             * @description The key to send in `ds-api-token`. Shown only now; the journal keeps it redacted.
             * @example dk_sandbox_4kQ9...
             */
            key: string;
        };
        /** @description A check to run. */
        NewKytCheck: {
            /**
             * @description The chain: `bitcoin`, `ethereum`, `tron`, `litecoin`, `bitcoin_cash`, `dash`, `zcash`,
             *     `monero`, or the coin's ticker (`BTC`, `XBT`, `ETH`, `TRX`, `LTC`, `BCH`, `DASH`, `ZEC`,
             *     `XMR`).
             */
            chain: string;
            /** @description The address as the customer gave it (surrounding spaces ignored). */
            address: string;
            /** @description A transaction's hash, kept with the check (64 hexadecimal digits, `0x` allowed). */
            tx_hash?: string | null;
            /**
             * Format: uuid
             * @description The applicant the address belongs to; its erasure removes the check.
             */
            applicant_id?: string | null;
            /**
             * @description Keep the address under ongoing monitoring: checked again on every list import, and a
             *     new listing makes a new check and a `KYT_WALLET_CHECK` event. Only a valid address is
             *     monitored.
             */
            monitor?: boolean;
        };
        /** @description `POST /api/v4/nondoc/{applicant_id}/verify` (public-api.md, "Non-document checks"). */
        NewNondocCheck: {
            /** @description `NONDOC_NIGERIA_BVN_BASIC`, `NONDOC_NIGERIA_NIN` or `NONDOC_NATIONAL_ID`. */
            verification_type: string;
            /**
             * @description `{"bvn": "..."}`, `{"nin": "..."}`, or `{"id_type": "SE_PERSONNUMMER", "number": "...",
             *     "country": "SE" (optional)}`. Other fields are ignored.
             */
            request_data: Record<string, never>;
        };
        /** @description `PUT /_docket/me/password`. */
        NewPassword: {
            /** @description The password in use, when there is one. */
            current_password?: string | null;
            /** @description 12 to 128 characters, not the reviewer's name. */
            password: string;
        };
        /**
         * @description `POST /api/v4/kyb/verifications/{id}/remediations`: what the merchant must fix. Either one
         *     section or document (`section` / `document_kind` with `message`, as before), or several at
         *     once (`items`, each with its own instruction), or a template's (`template_id`).
         */
        NewRemediation: {
            section?: components["schemas"]["SectionKey"] | null;
            document_kind?: components["schemas"]["DocumentKind"] | null;
            /**
             * @description What the merchant must do, shown in the widget: with `items`, the instruction of every
             *     item that has none of its own.
             */
            message?: string | null;
            /** @description Several sections and documents at once (at most 12), each with its own instruction. */
            items?: components["schemas"]["RemediationItem"][];
            /**
             * Format: uuid
             * @description A template of the organization: its items and message, unless the request gives its own.
             */
            template_id?: string | null;
            /** @description The reviewers' internal note (never shown to the merchant). */
            note?: string | null;
        };
        /** @description `POST` and `PUT /_docket/desk/remediation-templates`. */
        NewRemediationTemplate: {
            /** @description 1 to 100 characters. */
            name: string;
            /**
             * @description The sections and documents it asks for (1 to 12), each with its instruction or the
             *     template's `message`.
             */
            items: components["schemas"]["RemediationItem"][];
            message?: string | null;
        };
        /** @description `POST /_docket/reviewers`. */
        NewReviewer: {
            name: string;
            email?: string | null;
            role: components["schemas"]["ReviewerRole"];
        };
        /**
         * @description A rule as created or replaced (`POST .../rules`, `PUT .../rules/{rule_id}`): every field but
         *     `action` required. The read-only fields of a rule as served may be sent back and are ignored,
         *     `id` too, except in a backtest's draft, where it names the rule the draft replaces.
         */
        NewRule: {
            name: string;
            status: components["schemas"]["RuleStatus"];
            event_type: components["schemas"]["RuleEventType"];
            /** Format: int64 */
            rank: number;
            /** @description An expression of the rule language (see the guide). */
            expression: string;
            causes: string[];
            action?: components["schemas"]["RuleAction"] | null;
            /**
             * Format: uuid
             * @description Only in a backtest's draft: the rule this one replaces (leave it out to add a rule).
             */
            id?: string | null;
        };
        /** @description `POST /api/v4/kyb/verifications/{id}/second-approval`. */
        NewSecondApproval: {
            /**
             * @description True confirms the first decision (the case's status changes); false overturns it (the
             *     case stays with its first reviewer, to decide again).
             */
            confirm: boolean;
            note: string;
        };
        /** @description A non-document check as served (and as its `NONDOC_VERIFICATION` event's payload). */
        NondocCheck: {
            id: components["schemas"]["NondocCheckId"];
            applicant_id: components["schemas"]["ApplicantId"];
            verification_type: components["schemas"]["NondocVerificationType"];
            /** @description The identifier's code (`NG_BVN`, `NG_NIN`, `SE_PERSONNUMMER`, ...). */
            id_type: string;
            /** @description The issuing country (ISO 3166-1 alpha-2). */
            country: string;
            /** @description The number with all but its last four characters masked: Docket keeps no more of it. */
            number_masked: string;
            status: components["schemas"]["NondocCheckStatus"];
            /** @description Every step, in order: format, check_digits, birth_date, sex, registry_lookup. */
            checks: components["schemas"]["NondocStep"][];
            encoded?: components["schemas"]["NondocEncoded"] | null;
            is_sandbox: boolean;
            /** Format: date-time */
            created_at: string;
        };
        /**
         * Format: uuid
         * @description The non-document check id (UUIDv7).
         */
        NondocCheckId: string;
        /**
         * @description The outcome of a check.
         * @enum {string}
         */
        NondocCheckStatus: "passed" | "failed" | "needs_review";
        /** @description What the identifier encodes, when it is well formed. */
        NondocEncoded: {
            /**
             * @description ISO 8601 as far as encoded: `1985-07-30`, `1985-07`, or `xx95-10` when the century is
             *     not encoded.
             */
            birth_date?: string | null;
            /** @description `M` or `F`. */
            sex?: string | null;
        };
        /** @description An identifier Docket reads, for `GET /api/v4/nondoc/types`. */
        NondocIdType: {
            /** @description The code to send as `id_type` (with `NONDOC_NATIONAL_ID`). */
            id_type: string;
            /** @description The verification type that checks it. */
            verification_type: components["schemas"]["NondocVerificationType"];
            country: string;
            name: string;
            /** @description Whether its check digits are public (else only its format is checked). */
            check_digit: boolean;
            encodes_birth_date: boolean;
            encodes_sex: boolean;
        };
        /** @description A step and how it ended. */
        NondocStep: {
            step: components["schemas"]["NondocStepName"];
            status: components["schemas"]["NondocStepStatus"];
            /** @description What happened, in words. */
            message: string;
            /** @description What the decision rests on (the encoded and the applicant's value, the registry's record). */
            evidence?: Record<string, never> | null;
        };
        /**
         * @description One step of a check.
         * @enum {string}
         */
        NondocStepName: "format" | "check_digits" | "birth_date" | "sex" | "registry_lookup";
        /**
         * @description How a step ended.
         * @enum {string}
         */
        NondocStepStatus: "passed" | "failed" | "skipped" | "not_applicable" | "error";
        /**
         * @description What is verified: the two public types (Nigeria's BVN and NIN), and Docket's national
         *     identifiers, whose `request_data.id_type` names the identifier.
         * @enum {string}
         */
        NondocVerificationType: "NONDOC_NIGERIA_BVN_BASIC" | "NONDOC_NIGERIA_NIN" | "NONDOC_NATIONAL_ID";
        Occupation: {
            occupation: string;
            country?: components["schemas"]["CountryCode"] | null;
        };
        /** @description One open flag of a case. */
        OpenFlag: {
            /**
             * @description Stable while the flag stands: `review:<check id>`, `hit:<search id>:<entity id>`,
             *     `errored:<check id>`. An approval names it in `acknowledged_flags`.
             */
            key: string;
            kind: components["schemas"]["FlagKind"];
            /** @description One line for people. */
            label: string;
            /** @description Where the case file shows it: `#check-<check id>` or `#hit-<search id>-<entity id>`. */
            target: string;
            check_id: components["schemas"]["CheckId"];
        };
        /**
         * Format: uuid
         * @description The organization id (UUIDv7).
         */
        OrganizationId: string;
        /** @description An organization's settings, as served. */
        OrganizationSettings: {
            /**
             * @description The sites that may show the organization's hosted pages (the KYB widget at
             *     `/kyb/widget/{token}`, the verification pages at `/v/{short_id}` and `/vp/{link_id}`) in
             *     a frame, besides Docket itself. Empty (the default): only Docket's own pages may.
             */
            frame_origins: components["schemas"]["FrameOrigin"][];
            /** @description The KYB widget's branding and what it shows the merchant of a decision. */
            widget: components["schemas"]["WidgetSettings"];
        };
        /** @description New settings, replacing the old; a field left out takes its default. */
        OrganizationSettingsChange: {
            /**
             * @description Up to 20 origins: `https://host[:port]`, or `http://localhost[:port]` and
             *     `http://127.0.0.1[:port]` for development. No path and no wildcard.
             */
            frame_origins?: components["schemas"]["FrameOrigin"][];
            /**
             * @description The KYB widget's `branding` (`logo`: a `data:` URL of a PNG, JPEG or WebP picture up to
             *     96 KiB; `accent_color`: `#rrggbb`; `font`: `system`, `sans_serif`, `serif` or `rounded`)
             *     and `outcomes`: per decided outcome (`approved`, `rejected`), `outcome_and_message` (the
             *     default), `outcome` or `submitted`.
             */
            widget?: components["schemas"]["WidgetSettings"];
        };
        /** @description What verifying a code answers (public-api.md section 5, and `code` for a failure). */
        OtpAnswer: {
            verified: boolean;
            ownership_verified: boolean;
            /** Format: date-time */
            ownership_verified_at?: string | null;
            verdict: components["schemas"]["Verdict"];
            /**
             * @description Why it was not verified: `otp_invalid`, `otp_expired`, `otp_locked` (a new check is
             *     needed), `otp_not_sent`; null when verified.
             */
            code?: string | null;
            /**
             * Format: int32
             * @description Wrong codes the check still takes, across its resends, before it is locked.
             */
            attempts_left?: number | null;
            /** @description What `code` means and what to do next; null when verified. */
            message?: string | null;
        };
        /** @description How many messages a clear removed. */
        OutboxCleared: {
            removed: number;
        };
        /**
         * @description How much of a decision the merchant sees in the widget.
         * @enum {string}
         */
        OutcomeShown: "outcome_and_message" | "outcome" | "submitted";
        /** @description The ownership and control section. */
        Ownership: {
            persons?: components["schemas"]["Person"][];
            companies?: components["schemas"]["CorporateOwner"][];
        };
        /** @description One page of a list. */
        Page_Applicant: {
            data: {
                applicant_id: components["schemas"]["ApplicantId"];
                external_id?: components["schemas"]["ExternalId"] | null;
                type: components["schemas"]["ApplicantType"];
                email?: components["schemas"]["Email"] | null;
                phone?: components["schemas"]["Phone"] | null;
                system_info: components["schemas"]["ApplicantInfo"];
                provided_info: components["schemas"]["ApplicantInfo"];
                /** Format: uuid */
                last_verification_id?: string | null;
                /** Format: date-time */
                last_verification_date?: string | null;
                verification_status: components["schemas"]["ApplicantVerificationStatus"];
                /** @description Whether the applicant is screened daily against the watchlists. */
                aml_screening_enabled: boolean;
                /** Format: uuid */
                last_aml_screening_id?: string | null;
                /** Format: date-time */
                last_screened_at?: string | null;
                last_risk_score?: components["schemas"]["RiskScore"] | null;
                last_tags?: string[] | null;
                tg_profile?: string | null;
                search_options: components["schemas"]["SearchOptions"];
                /** Format: date-time */
                created_at: string;
                /** Format: date-time */
                updated_at: string;
            }[];
            /** @description True when a further page exists. */
            has_next: boolean;
        };
        /** @description One page of a list. */
        Page_ApplicantFile: {
            data: {
                document_id: components["schemas"]["DocumentId"];
                document_type: components["schemas"]["DocumentType"];
                side?: components["schemas"]["Side"] | null;
                /** Format: date-time */
                uploaded_at: string;
                verification_id?: components["schemas"]["VerificationId"] | null;
                verification_status?: components["schemas"]["VerificationStatus"] | null;
                stored?: components["schemas"]["StoredDocumentFacts"] | null;
                erased?: components["schemas"]["DocumentErased"] | null;
            }[];
            /** @description True when a further page exists. */
            has_next: boolean;
        };
        /** @description One page of a list. */
        Page_AuditEvent: {
            data: {
                /**
                 * Format: int64
                 * @description 1, 2, 3, ... within the environment's chain, without gaps.
                 */
                seq: number;
                /**
                 * Format: date-time
                 * @description On the environment's clock (real time in production; the sandbox clock in the sandbox).
                 */
                at: string;
                organization_id: string;
                environment: components["schemas"]["Environment"];
                case_id?: string | null;
                case_public_id?: string | null;
                /**
                 * @description `api`, `merchant`, `pipeline`, `docket` (Docket itself: an SLA breach, an erasure, an
                 *     upgrade) or `reviewer:<name>`.
                 */
                actor: string;
                reviewer_id?: string | null;
                /** @description `created`, `submitted`, `check_completed`, `assigned`, `decision`, `sla_breached`, ... */
                kind: string;
                /**
                 * @description What happened, in the event's own terms (strings, integers, booleans: never a float).
                 *     `{"erased": "<erasure id>"}` once an erasure emptied the event.
                 */
                data: Record<string, never>;
                /**
                 * @description 32 random hex digits drawn for this event; null once an erasure emptied it (the salt goes
                 *     with the content, so that the `data_hash` kept tells nothing of what was erased).
                 */
                salt?: string | null;
                /** @description SHA-256 (hex) of `salt` followed by the canonical JSON of `data`. */
                data_hash: string;
                prev_hash: string;
                hash: string;
            }[];
            /** @description True when a further page exists. */
            has_next: boolean;
        };
        /** @description One page of a list. */
        Page_BankStatement: {
            data: {
                id: components["schemas"]["BankStatementId"];
                applicant_id: components["schemas"]["ApplicantId"];
                file_id: components["schemas"]["FileId"];
                file_name?: string | null;
                /** @description `application/pdf`, `image/jpeg` or `image/png`, by the content. */
                media_type: string;
                status: components["schemas"]["StatementStatus"];
                /** @description Why a reviewer must look (empty when `extracted`). */
                reasons: string[];
                method: components["schemas"]["ReadingMethod"];
                /**
                 * Format: int32
                 * @description Pages read (0 when no text was read).
                 */
                pages: number;
                fields: components["schemas"]["StatementFields"];
                holder_match?: components["schemas"]["HolderMatch"] | null;
                /**
                 * @description Signs of editing in the file's metadata (an editor as producer, incremental updates), as
                 *     for KYB documents.
                 */
                editing_signs: string[];
                /** @description The sandbox's magic file name that decided the text read, if one did. */
                sandbox_scenario?: string | null;
                /** Format: date-time */
                created_at: string;
            }[];
            /** @description True when a further page exists. */
            has_next: boolean;
        };
        /** @description One page of a list. */
        Page_DataSource: {
            data: {
                /** @example US_OFAC_SDN */
                source_id: string;
                /** @description The name the lists give the source. */
                source_public_name: string;
                /** @description The source's own address: the one its records share, or the site they all point into. */
                url?: string | null;
                /** @description The highest risk of the source's records. */
                risk_score: components["schemas"]["RiskScore"];
                /** @description Every tag the source's records carry. */
                tags: components["schemas"]["Tag"][];
                description: string;
                /**
                 * Format: int32
                 * @description Docket addition: how many entities of the lists in use the source names.
                 */
                entities: number;
                /** @description Docket addition: the list snapshots it comes from (their labels). */
                lists: string[];
            }[];
            /** @description True when a further page exists. */
            has_next: boolean;
        };
        /** @description One page of a list. */
        Page_DeepfakeAnalysis: {
            data: {
                id: components["schemas"]["AnalysisId"];
                source: components["schemas"]["DeepfakeSource"];
                status: components["schemas"]["DeepfakeStatus"];
                verdict?: components["schemas"]["DeepfakeVerdict"] | null;
                /**
                 * Format: double
                 * @description 0 (real) to 1 (fake); set exactly when `status` is `completed`. Production never
                 *     gives one.
                 */
                score?: number | null;
                /** @description Why there is no verdict, in plain words; set exactly when `status` is `error`. */
                reason?: string | null;
                applicant_id?: components["schemas"]["ApplicantId"] | null;
                is_sandbox: boolean;
                /** @description Who asked: the API key or the reviewer, from the credential (never from the request). */
                requested_by: string;
                /**
                 * Format: date-time
                 * @description When the stream opened, or the upload arrived.
                 */
                created_at: string;
                /**
                 * Format: date-time
                 * @description When the stream closed, or the upload was analysed.
                 */
                completed_at: string;
                stream?: components["schemas"]["DeepfakeStreamEvidence"] | null;
                upload?: components["schemas"]["DeepfakeUploadEvidence"] | null;
            }[];
            /** @description True when a further page exists. */
            has_next: boolean;
        };
        /** @description One page of a list. */
        Page_Delivery: {
            data: {
                /** @description The envelope's `id`. */
                id: components["schemas"]["DeliveryId"];
                webhook_id: components["schemas"]["WebhookId"];
                event_type: string;
                /** @description The event's data, as sent. */
                payload: Record<string, never>;
                /**
                 * Format: date-time
                 * @description The envelope's `timestamp`: when the event happened.
                 */
                timestamp: string;
                is_sandbox: boolean;
                /** Format: int32 */
                attempts: number;
                /**
                 * Format: int32
                 * @description The status code of the last attempt; null while none has been answered.
                 */
                response_code?: number | null;
                /** Format: date-time */
                last_attempt_at?: string | null;
                state: components["schemas"]["DeliveryState"];
                /**
                 * Format: date-time
                 * @description When the next attempt is due (pending deliveries).
                 */
                next_attempt_at?: string | null;
                /** @description Why the last attempt failed, if it did. */
                last_error?: string | null;
                /**
                 * Format: uuid
                 * @description The outbox event delivered (null for test events).
                 */
                event_id?: string | null;
                /** @description Sent with "send test event". */
                is_test: boolean;
            }[];
            /** @description True when a further page exists. */
            has_next: boolean;
        };
        /** @description One page of a list. */
        Page_EmailCheck: {
            data: {
                id: components["schemas"]["EmailCheckId"];
                email: string;
                verdict: components["schemas"]["Verdict"];
                /** @description The main reason's machine code; null for a clean pass. */
                code?: string | null;
                /**
                 * Format: int32
                 * @description 0 (no risk) to 100.
                 */
                risk_score: number;
                checks: components["schemas"]["CheckFlags"];
                otp_sent: boolean;
                /** Format: date-time */
                otp_expires_at?: string | null;
                ownership_verified: boolean;
                /** Format: date-time */
                ownership_verified_at?: string | null;
                /** Format: date-time */
                created_at: string;
                applicant_id?: components["schemas"]["ApplicantId"] | null;
                require_ownership: boolean;
                locale?: string | null;
                details: components["schemas"]["Details"];
            }[];
            /** @description True when a further page exists. */
            has_next: boolean;
        };
        /** @description One page of a list. */
        Page_EmailMessage: {
            data: {
                id: components["schemas"]["EmailMessageId"];
                check_id: components["schemas"]["EmailCheckId"];
                to: string;
                subject: string;
                text: string;
                html: string;
                /**
                 * @description The one-time code it carries: sandbox messages only, since the sandbox's outbox is where
                 *     its codes are read. Production never keeps a code in clear: its messages are stored with
                 *     the code masked in `subject`, `text` and `html`, and this is null.
                 */
                code?: string | null;
                locale: string;
                /** @description `outbox` (the sandbox: never sent), `queued`, `sent`, `failed`. */
                state: string;
                /** Format: int32 */
                attempts: number;
                last_error?: string | null;
                /** Format: date-time */
                created_at: string;
                /** Format: date-time */
                sent_at?: string | null;
            }[];
            /** @description True when a further page exists. */
            has_next: boolean;
        };
        /** @description One page of a list. */
        Page_Event: {
            data: {
                id: components["schemas"]["EventId"];
                event_type: string;
                /**
                 * Format: uuid
                 * @description The record it is about (an applicant, a case, ...).
                 */
                subject_id?: string | null;
                /**
                 * Format: date-time
                 * @description When it happened, on its environment's clock.
                 */
                created_at: string;
                payload: Record<string, never>;
            }[];
            /** @description True when a further page exists. */
            has_next: boolean;
        };
        /** @description One page of a list. */
        Page_JournalEntry: {
            data: {
                /**
                 * Format: int64
                 * @description Increases with every entry; pass the highest seen as `after` to fetch only newer ones.
                 */
                seq: number;
                /** @description The `x-request-id` of the request and its response. */
                request_id: string;
                /** Format: date-time */
                received_at: string;
                environment?: components["schemas"]["Environment"] | null;
                /** @description `api` (an API key) or `console` (a console session; only its changes are recorded). */
                source: components["schemas"]["Source"];
                /**
                 * Format: uuid
                 * @description The key the request came with (`api` requests that presented a valid key).
                 */
                api_key_id?: string | null;
                /** @description The reviewer who made a console request, as the console named them. */
                reviewer?: string | null;
                method: string;
                path: string;
                query?: string | null;
                /** Format: int32 */
                status: number;
                /** Format: double */
                latency_ms: number;
                client?: string | null;
                /** @description The body as received, secrets redacted, cut at the body limit. */
                request_body?: string | null;
                request_body_truncated: boolean;
                response_body?: string | null;
                response_body_truncated: boolean;
            }[];
            /** @description True when a further page exists. */
            has_next: boolean;
        };
        /** @description One page of a list. */
        Page_KytCheck: {
            data: {
                id: components["schemas"]["KytCheckId"];
                chain: components["schemas"]["KytChain"];
                /** @description The address as given (trimmed). */
                address: string;
                /**
                 * @description The one spelling exact matching compares (Ethereum lower-cased, Bitcoin Cash as prefixed
                 *     CashAddr, bech32 lower-cased); null when the address is not valid.
                 */
                canonical_address?: string | null;
                /**
                 * @description `p2pkh`, `p2sh`, `segwit_v0`, `taproot`, `account`, `sapling`, `standard`, `integrated`,
                 *     `subaddress`...; null when not valid.
                 */
                address_form?: string | null;
                valid: boolean;
                /**
                 * @description Why the address is not valid: `empty`, `too_long`, `format`, `checksum`, `testnet`,
                 *     `wrong_chain`, `unsupported`; null when valid.
                 */
                invalid_code?: string | null;
                /** @description The same in words, for a person; null when valid. */
                invalid_reason?: string | null;
                tx_hash?: string | null;
                applicant_id?: components["schemas"]["ApplicantId"] | null;
                /** @description Whether this check started the address's monitoring. */
                monitor: boolean;
                origin: components["schemas"]["KytOrigin"];
                risk_score?: components["schemas"]["KytRiskScore"] | null;
                categories: components["schemas"]["KytCategory"][];
                evidence: components["schemas"]["KytEvidence"][];
                exposure: components["schemas"]["KytExposure"];
                environment: string;
                monitored_from?: components["schemas"]["KytCheckId"] | null;
                /** Format: date-time */
                created_at: string;
            }[];
            /** @description True when a further page exists. */
            has_next: boolean;
        };
        /** @description One page of a list. */
        Page_KytMonitor: {
            data: {
                /** @description The check that started it. */
                id: components["schemas"]["KytCheckId"];
                chain: components["schemas"]["KytChain"];
                canonical_address: string;
                applicant_id?: components["schemas"]["ApplicantId"] | null;
                /** @description The latest check of the address. */
                last_check_id: components["schemas"]["KytCheckId"];
                /** Format: date-time */
                started_at: string;
                /** Format: date-time */
                stopped_at?: string | null;
            }[];
            /** @description True when a further page exists. */
            has_next: boolean;
        };
        /** @description One page of a list. */
        Page_MonitoringResult: {
            data: {
                /** Format: uuid */
                event_id: string;
                event_type: components["schemas"]["MonitoredEventKind"];
                /** Format: uuid */
                applicant_id: string;
                /**
                 * Format: date-time
                 * @description When it was received, on the environment's clock (the statistics' day).
                 */
                received_at: string;
                decision: components["schemas"]["MonitoringDecision"];
                /** @description Every fired rule's causes, in firing order, each once. */
                causes: string[];
                fired_rules: components["schemas"]["FiredRule"][];
                rule_errors: components["schemas"]["RuleError"][];
                /**
                 * Format: int32
                 * @description How many rules were evaluated.
                 */
                rules_evaluated: number;
                /**
                 * Format: uuid
                 * @description The `reject` rule that stopped the rest, if one did.
                 */
                stopped_by?: string | null;
                checks: components["schemas"]["Checks"];
                stats: components["schemas"]["Stats"];
                /** @description The event's fields as submitted (numbers with the digits sent). */
                event: Record<string, never>;
                review?: components["schemas"]["MonitoringReview"] | null;
            }[];
            /** @description True when a further page exists. */
            has_next: boolean;
        };
        /** @description One page of a list. */
        Page_NondocCheck: {
            data: {
                id: components["schemas"]["NondocCheckId"];
                applicant_id: components["schemas"]["ApplicantId"];
                verification_type: components["schemas"]["NondocVerificationType"];
                /** @description The identifier's code (`NG_BVN`, `NG_NIN`, `SE_PERSONNUMMER`, ...). */
                id_type: string;
                /** @description The issuing country (ISO 3166-1 alpha-2). */
                country: string;
                /** @description The number with all but its last four characters masked: Docket keeps no more of it. */
                number_masked: string;
                status: components["schemas"]["NondocCheckStatus"];
                /** @description Every step, in order: format, check_digits, birth_date, sex, registry_lookup. */
                checks: components["schemas"]["NondocStep"][];
                encoded?: components["schemas"]["NondocEncoded"] | null;
                is_sandbox: boolean;
                /** Format: date-time */
                created_at: string;
            }[];
            /** @description True when a further page exists. */
            has_next: boolean;
        };
        /** @description One page of a list. */
        Page_Profile: {
            data: {
                profile_id: components["schemas"]["ProfileId"];
                /** @description The same id, as `id` (what a create answers). */
                id: components["schemas"]["ProfileId"];
                name: string;
                description?: string | null;
                settings: components["schemas"]["Settings"];
                organization_id: string;
                is_default: boolean;
                /** @description An archived profile cannot be used for new verifications. */
                is_archived: boolean;
                /** Format: date-time */
                created_at: string;
                /** Format: date-time */
                updated_at?: string | null;
                /** @description Who made it: `api` or `console`. */
                created_by?: string | null;
                link?: components["schemas"]["Link"] | null;
            }[];
            /** @description True when a further page exists. */
            has_next: boolean;
        };
        /** @description One page of a list. */
        Page_SearchSummary: {
            data: {
                search_uuid: components["schemas"]["SearchId"];
                requested_name: string;
                /** Format: date-time */
                searched_at: string;
                max_risk_score?: components["schemas"]["RiskScore"] | null;
                /** Format: int32 */
                hits: number;
                /** @description `search` (an API call) or `screening` (of an applicant, or of a KYB case's party). */
                kind: components["schemas"]["SearchKind"];
                applicant_id?: components["schemas"]["ApplicantId"] | null;
                /**
                 * Format: uuid
                 * @description The KYB case a screening ran for (its company or one of its persons).
                 */
                case_id?: string | null;
                /** @description That case's public id (`KYB-…`). */
                case_public_id?: string | null;
            }[];
            /** @description True when a further page exists. */
            has_next: boolean;
        };
        /** @description One page of a list. */
        Page_Verification: {
            data: {
                id: components["schemas"]["VerificationId"];
                applicant_id: components["schemas"]["ApplicantId"];
                status: components["schemas"]["VerificationStatus"];
                /** @description The organization's id (always a string: the Python client requires one). */
                organization_id: string;
                /** @description Who created it: the API key's id, or `console` (always a string). */
                account_id: string;
                /**
                 * @description Docket's accounts have no e-mail addresses: always `""` (the Python client requires a
                 *     string).
                 */
                account_email: string;
                documents: components["schemas"]["VerificationDocumentRef"][];
                document_ids: components["schemas"]["DocumentId"][];
                document_type?: components["schemas"]["DocumentType"] | null;
                /**
                 * @description The profile's checks by step: `document_mrz`, `document_ocr`, `face_comparison`,
                 *     `liveness`, `poa`.
                 */
                checks: {
                    [key: string]: components["schemas"]["CheckResult"];
                };
                /** Format: date-time */
                created_at: string;
                /** Format: date-time */
                completed_at?: string | null;
                /** Format: date-time */
                expires_at: string;
                /** @description The hosted page where the person uploads their documents. */
                verification_url: string;
                /** @description The short id: the hosted page's and the end-user endpoints' key. */
                verification_url_id: string;
                /** @description ISO alpha-2: the country the person chose or the caller gave. */
                country_code?: string | null;
                is_sandbox: boolean;
                profile_id: components["schemas"]["ProfileId"];
                /**
                 * Format: uuid
                 * @description Docket does not screen verified people by itself: always null (screen the applicant).
                 */
                aml_search_id?: string | null;
                poi_data?: components["schemas"]["PoiData"] | null;
                /** @description The profile's settings when the verification was made. */
                settings: components["schemas"]["Settings"];
                /** @description What the person filled by hand on the hosted page. */
                manual_fields: {
                    [key: string]: Record<string, never>;
                };
                /** @description Other applicants with the same document (7000-range findings). */
                duplicated_applicant_ids: components["schemas"]["ApplicantId"][];
                /** @description The link it was started from, if any. */
                link_id?: string | null;
            }[];
            /** @description True when a further page exists. */
            has_next: boolean;
        };
        /**
         * @description Who a screening screened: an applicant, or a company or person of a KYB case.
         * @enum {string}
         */
        PartyKind: "applicant" | "case_company" | "case_person";
        /**
         * @description Docket's screening of the payee (`payee_alias`) against the watchlists, between the `*_pre`
         *     and `*_post` rules of a transaction.
         */
        PayeeScreening: {
            /** @description The name screened (`payee_alias`). */
            name: string;
            /** Format: int32 */
            hits: number;
            /** @description The highest risk score among the hits (`low`, `medium`, `high`), as AML screening gives it. */
            max_risk_score?: string | null;
            /** @description The best hit's listed name and how well it matched (0-100). */
            best_match?: string | null;
            /** Format: double */
            best_match_percentage?: number | null;
            /**
             * Format: uuid
             * @description The best hit's watchlist entity (`GET /api/v3/aml/search/{uuid}`); null for events
             *     screened before Docket kept it.
             */
            best_match_uuid?: string | null;
        };
        /** @description A decision awaiting its second approval, with its case. */
        PendingApproval: {
            case_id: components["schemas"]["CaseId"];
            public_id: string;
            company_name?: string | null;
            status: components["schemas"]["CaseStatus"];
            risk_level?: components["schemas"]["RiskLevel"] | null;
            assignee?: components["schemas"]["ReviewerRef"] | null;
            /** @description The first decision, with its reasons and the senior it is routed to (`approver`). */
            decision: components["schemas"]["Decision"];
            /**
             * Format: date-time
             * @description When the approval's own SLA (`sla_hours.awaiting_approval`) is breached.
             */
            sla_due_at?: string | null;
            /**
             * @description Whether the caller may give it: a senior or admin other than the first reviewer (never
             *     an API key).
             */
            may_approve: boolean;
            /** @description Whether it is routed to the caller: they were named, or took it with *Next case*. */
            routed_to_me: boolean;
        };
        /** @description A reviewer's outcome of a check, held until `undo_until` and then applied. */
        PendingOutcome: {
            check: components["schemas"]["CheckStep"];
            verified: boolean;
            errors: components["schemas"]["CheckError"][];
            note?: string | null;
            /** @description `reviewer:<name>`. */
            by: string;
            /** Format: date-time */
            at: string;
            /**
             * Format: date-time
             * @description Until when it may be undone; it takes effect then.
             */
            undo_until: string;
        };
        /**
         * @description The statistics of one period (`stats.<period>.<indicator>`), as the rules saw them. Amounts
         *     are exact decimals as strings; `avg`, `min` and `max` are over the events that carried an
         *     amount, and `"0"` when none did.
         */
        PeriodStats: {
            sum: string;
            avg: string;
            min: string;
            max: string;
            /** Format: int64 */
            transactions_count: number;
        };
        /** @description A person in the ownership and control section. */
        Person: {
            /**
             * @description This person is the representative ("the representative is also an owner"): their name,
             *     date of birth and nationality are the representative section's and are not given
             *     here, so one human is declared once, with both roles. At most one person.
             */
            representative?: boolean;
            first_name?: components["schemas"]["Line"] | null;
            last_name?: components["schemas"]["Line"] | null;
            /** Format: date */
            date_of_birth?: string | null;
            nationality?: components["schemas"]["CountryCode"] | null;
            roles?: components["schemas"]["Role"][];
            /**
             * Format: double
             * @description Share of ownership, 0 to 100.
             */
            ownership_percentage?: number | null;
        };
        /**
         * @description The fields a person fills by hand (`POST /api/v3/sdk/{short_id}/fields`). Each is optional;
         *     what is sent is kept, merged with what was sent before.
         */
        PersonFields: {
            full_name?: string | null;
            email?: string | null;
            phone?: string | null;
            /** @description ISO 3166-1 alpha-2 or alpha-3. */
            country?: string | null;
            /** @description `YYYY-MM-DD`. */
            dob?: string | null;
            gender?: string | null;
            /** @description ISO 3166-1 alpha-2 or alpha-3. */
            citizenship?: string | null;
            address?: string | null;
            /** @description Answers to the profile's custom fields, by label. */
            custom_fields?: Record<string, never>;
        };
        /** @description A profile's public link as the hosted page sees it (`GET /api/v3/sdk/link/{link_id}`). */
        PersonLink: {
            link_id: string;
            /** @description The profile's name and description, for the page's heading. */
            name: string;
            description?: string | null;
            /**
             * Format: int32
             * @description How long a verification started here stays open.
             */
            expiration_minutes: number;
            settings: components["schemas"]["Settings"];
            is_sandbox: boolean;
        };
        /**
         * @description A person's part in a case, as the detail shows it.
         * @enum {string}
         */
        PersonRole: "representative" | "director" | "shareholder" | "controller" | "ultimate_beneficial_owner";
        /** @description A verification as the person sees it (`GET /api/v3/sdk/{short_id}`). */
        PersonView: {
            /** @description The short id (not the verification's uuid). */
            id: string;
            /** @description `active` while documents are taken; `completed` once proceeded; `expired`; `canceled`. */
            status: string;
            /** @description The verification's own status. */
            verification_status: components["schemas"]["VerificationStatus"];
            /**
             * @description The profile's checks by step: `document_mrz`, `document_ocr`, `face_comparison`,
             *     `liveness`, `poa`.
             */
            checks: {
                [key: string]: components["schemas"]["CheckResult"];
            };
            /** @description The finish screen's redirect link, if the profile has one. */
            redirect_url?: string | null;
            /** Format: date-time */
            expires_at: string;
            /** @description ISO alpha-2: the country chosen. */
            country_code?: string | null;
            settings: components["schemas"]["Settings"];
            documents: components["schemas"]["VerificationDocumentRef"][];
            /** @description What the person filled in so far. */
            manual_fields: {
                [key: string]: Record<string, never>;
            };
            is_sandbox: boolean;
            /**
             * @description What is still needed before proceeding is accepted (Docket's own): the page draws it,
             *     and proceeding checks the same description.
             */
            still_needed: components["schemas"]["StillNeeded"];
        };
        /** @description A phone number: digits with an optional leading `+` and the usual separators. */
        Phone: string;
        /**
         * @description Data read from the identity document (the Python client's `PoiData`). Fields no check read
         *     are null.
         */
        PoiData: {
            /** @default null */
            parsed_type: components["schemas"]["DocumentType"] | null;
            /** @default null */
            has_mrz: boolean | null;
            /** @default null */
            raw_mrz_type: string | null;
            /**
             * @description ISO alpha-3, as the MRZ writes it.
             * @default null
             */
            country: string | null;
            /** @default null */
            full_name: string | null;
            /** @default null */
            name: string | null;
            /** @default null */
            surname: string | null;
            /** @default null */
            document_number: string | null;
            /** @default null */
            nationality: string | null;
            /**
             * @description `YYYY-MM-DD`.
             * @default null
             */
            birth_date: string | null;
            /** @default null */
            sex: string | null;
            /** @default null */
            expiry_date: string | null;
            /** @default null */
            issue_date: string | null;
        };
        PoliticalRole: {
            role: string;
            country?: components["schemas"]["CountryCode"] | null;
        };
        /** @description Something a verification found wrong. */
        Problem: {
            /**
             * Format: int64
             * @description The event's `seq` (or, for a line of a file that is not an event, its line number).
             */
            seq: number;
            kind: components["schemas"]["ProblemKind"];
            message: string;
            acknowledged?: components["schemas"]["Acknowledgement"] | null;
        };
        /**
         * @description What is wrong at an event.
         * @enum {string}
         */
        ProblemKind: "removed" | "reordered" | "foreign" | "unlinked" | "changed" | "data_changed" | "emptied" | "erasure" | "upgrade" | "unreadable";
        /** @description A verification profile as served. */
        Profile: {
            profile_id: components["schemas"]["ProfileId"];
            /** @description The same id, as `id` (what a create answers). */
            id: components["schemas"]["ProfileId"];
            name: string;
            description?: string | null;
            settings: components["schemas"]["Settings"];
            organization_id: string;
            is_default: boolean;
            /** @description An archived profile cannot be used for new verifications. */
            is_archived: boolean;
            /** Format: date-time */
            created_at: string;
            /** Format: date-time */
            updated_at?: string | null;
            /** @description Who made it: `api` or `console`. */
            created_by?: string | null;
            link?: components["schemas"]["Link"] | null;
        };
        /**
         * Format: uuid
         * @description The profile id (UUIDv7).
         */
        ProfileId: string;
        /**
         * @description A profile as sent: every field optional on update. Members Docket does not know, here and in
         *     `settings`, are ignored and named in the answer's `warnings`.
         */
        ProfileInput: {
            /** @description Unique within the environment. */
            name?: string | null;
            description?: string | null;
            /** @description See *Verification profiles* in the guide; fields left out take their defaults. */
            settings?: Record<string, never> | null;
        };
        /**
         * @description Where a check's outcome comes from.
         * @enum {string}
         */
        Provider: "sandbox" | "docket";
        /** @description `POST /_docket/desk/mentions/read`. */
        ReadMentions: {
            /**
             * Format: uuid
             * @description The case whose mentions were read (the console sends it when the reviewer opens the
             *     case); absent or null: every mention.
             */
            case_id?: string | null;
        };
        /** @description A reviewer's reading as kept: the fields, who read them and when. */
        Reading: {
            fields: components["schemas"]["ReadingFields"];
            /** @description `reviewer:<name>`. */
            by: string;
            /** Format: date-time */
            at: string;
        };
        /** @description The fields a reviewer reads off an identity document. Each is what is printed, as typed. */
        ReadingFields: {
            /** @default null */
            full_name: string | null;
            /**
             * @description `YYYY-MM-DD`.
             * @default null
             */
            birth_date: string | null;
            /**
             * @description ISO 3166-1 alpha-3 (as the document prints it) or alpha-2.
             * @default null
             */
            nationality: string | null;
            /** @default null */
            document_number: string | null;
            /**
             * @description `YYYY-MM-DD`.
             * @default null
             */
            expiry_date: string | null;
        };
        /**
         * @description How the page text was read.
         * @enum {string}
         */
        ReadingMethod: "text_layer" | "ocr" | "none";
        /**
         * @description Why a case was decided: the documented taxonomy, after the labels compliance teams report
         *     on (Sumsub's rejection labels, Ballerine's revision and rejection reasons). Approvals and
         *     rejections have their own reasons; `other` does either, and the note says why. A decision
         *     gives one or several (`NewDecision::reasons`). The values of issue 12 are kept as they were.
         * @enum {string}
         */
        Reason: "checks_clear" | "false_positive_cleared" | "risk_accepted" | "manually_verified" | "enhanced_due_diligence" | "sanctions_match" | "politically_exposed_person" | "adverse_media" | "prohibited_business" | "high_risk_jurisdiction" | "fraud_suspected" | "document_tampered" | "incomplete_documents" | "identity_unverifiable" | "company_unverifiable" | "ubo_undisclosed" | "ownership_unclear" | "registry_mismatch" | "information_mismatch" | "unresponsive_merchant" | "other";
        /**
         * @description Requests refused for want of a valid credential, counted since the server started
         *     (`GET /_docket/requests/refused`).
         */
        RefusedRequests: {
            /** Format: int64 */
            total: number;
            /**
             * Format: date-time
             * @description When the first was refused.
             */
            since?: string | null;
            /** @description Per source address, most refused first (at most 1,024 addresses are kept). */
            sources: components["schemas"]["RefusedSource"][];
        };
        /** @description One refused request. */
        RefusedSample: {
            /** Format: date-time */
            at: string;
            method: string;
            path: string;
            /** Format: int32 */
            status: number;
        };
        /** @description Refused requests from one address. */
        RefusedSource: {
            /** @description The connection's address (null when the server did not know it). */
            address?: string | null;
            /** Format: int64 */
            count: number;
            /** Format: date-time */
            first_at: string;
            /** Format: date-time */
            last_at: string;
            /** @description The last few. */
            samples: components["schemas"]["RefusedSample"][];
        };
        /** @description An identifier issued to an entity: a company number, a passport, an IMO number, a wallet. */
        RegistrationId: {
            id: string;
            id_type?: string | null;
            date?: string | null;
            industry?: string | null;
            country?: components["schemas"]["CountryCode"] | null;
            imo_number?: string | null;
            mmsi_number?: string | null;
            currency?: string | null;
        };
        /** @description `POST /api/v4/kyb/{applicant_id}/us-registry-check`. */
        RegistryRequest: {
            /** @description The US state of the registry (`delaware`, `new york`, or its code `DE`). */
            state: string;
            company_name?: string | null;
            /** @description The Secretary of State's file number. */
            sos_id?: string | null;
        };
        /** @description A row that could not be imported. */
        RejectedRow: {
            /**
             * Format: int64
             * @description 1-based row or line number (the record number for XML; 0 for the whole file).
             */
            row: number;
            reason: string;
        };
        /** @description A remediation: what the merchant was asked to fix. */
        Remediation: {
            id: components["schemas"]["RemediationId"];
            section: components["schemas"]["SectionKey"];
            document_kind?: components["schemas"]["DocumentKind"] | null;
            /** @description Shown to the merchant in the widget: the instruction for this section or document. */
            message: string;
            /** @description The reviewers' internal note on the request; never shown to the merchant. */
            note?: string | null;
            opened_by: string;
            /** Format: date-time */
            opened_at: string;
            /**
             * Format: date-time
             * @description When the merchant's resubmission closed it; null while open.
             */
            resolved_at?: string | null;
        };
        /**
         * Format: uuid
         * @description The remediation id (UUIDv7).
         */
        RemediationId: string;
        /** @description One section or document to fix, with its instruction (or the request's `message`). */
        RemediationItem: {
            section?: components["schemas"]["SectionKey"] | null;
            document_kind?: components["schemas"]["DocumentKind"] | null;
            /** @description The instruction the merchant reads for this item; the request's `message` when absent. */
            message?: string | null;
        };
        /** @description A remediation request an organization reuses in one environment. */
        RemediationTemplate: {
            id: components["schemas"]["TemplateId"];
            /** @description Unique in the environment, whatever its letter case. */
            name: string;
            items: components["schemas"]["RemediationItem"][];
            /** @description The instruction of every item without its own. */
            message?: string | null;
            /** Format: date-time */
            created_at: string;
            /** Format: date-time */
            updated_at: string;
            /** @description Who last saved it, as records name them. */
            updated_by: string;
        };
        /** @description The person who acts for the company in the onboarding. */
        Representative: {
            first_name?: components["schemas"]["Line"] | null;
            last_name?: components["schemas"]["Line"] | null;
            email?: components["schemas"]["Email"] | null;
            phone?: components["schemas"]["Phone"] | null;
            title?: components["schemas"]["Line"] | null;
            /** Format: date */
            date_of_birth?: string | null;
            nationality?: components["schemas"]["CountryCode"] | null;
        };
        /**
         * Format: uuid
         * @description The KYB check request id (UUIDv7).
         */
        RequestId: string;
        /**
         * @description What a reset removed: how many records of each kind (`applicants`, `searches`, `events`,
         *     `deliveries`, `journal_entries`, and those of every other domain with data in the sandbox).
         */
        ResetSummary: {
            [key: string]: number;
        };
        /** @description New settings, replacing the old; a field left out takes its default. */
        RetentionChange: {
            /** Format: int32 */
            journal_days?: number | null;
            /** Format: int32 */
            deliveries_days?: number | null;
            /** Format: int32 */
            search_history_days?: number | null;
            /** Format: int32 */
            case_files_days?: number | null;
            /** Format: int32 */
            deepfake_analyses_days?: number | null;
            /** Format: int32 */
            bank_statements_days?: number | null;
        };
        /** @description How long an environment keeps what it does not need for good. */
        RetentionSettings: {
            /**
             * Format: int32
             * @description Days the request journal keeps this environment's entries: 1 up to the server's own
             *     limit (`--journal-retention`, 7 days by default), which is also the default.
             */
            journal_days: number;
            /**
             * Format: int32
             * @description The server's own limit on the journal, in days.
             */
            journal_days_max: number;
            /**
             * Format: int32
             * @description Days finished webhook deliveries are kept (1 to 365; default 30; the same value as the
             *     webhook settings' `retention_days`).
             */
            deliveries_days: number;
            /**
             * Format: int32
             * @description Days AML searches stay in the search history; `null` (the default): kept for good, as
             *     AML record keeping usually requires (five years under the EU's AML directives). An
             *     applicant's screenings stay with the applicant. KYT checks are kept by the same setting
             *     (those of an address still monitored stay).
             */
            search_history_days?: number | null;
            /**
             * Format: int32
             * @description Days a decided KYB case (approved or rejected) keeps its documents after the decision;
             *     then its files go and its timeline says so (the case and its checks stay). `null` (the
             *     default): kept for good, as AML record keeping usually requires (five years after the
             *     business relationship ends under the EU's AML directives: Docket cannot know when it
             *     ends).
             */
            case_files_days?: number | null;
            /**
             * Format: int32
             * @description Days deepfake analyses (with their uploaded files and their evidence) are kept, on the
             *     environment's clock; `null` (the default): kept for good, like the other checks' records.
             */
            deepfake_analyses_days?: number | null;
            /**
             * Format: int32
             * @description Days an applicant's uploaded bank statements (the file and what was read from it) are
             *     kept, on the environment's clock; `null` (the default): kept for good, as AML record
             *     keeping usually requires.
             */
            bank_statements_days?: number | null;
        };
        /**
         * @description The reviewer's side of a verification: the applicant's declared data beside Docket's and the
         *     reviewer's readings, field by field, and the outcomes still in their undo minute.
         */
        ReviewView: {
            comparison: components["schemas"]["FieldComparison"][];
            reading?: components["schemas"]["Reading"] | null;
            /** @description Outcomes recorded and not yet in effect: each may be undone until its `undo_until`. */
            pending_outcomes: components["schemas"]["PendingOutcome"][];
            /**
             * Format: int64
             * @description How long an outcome may be undone (60).
             */
            undo_seconds: number;
            /**
             * Format: date-time
             * @description The environment's time when this was read (the undo countdown's start).
             */
            now: string;
        };
        /**
         * @description A reviewer account: a person who signs in to the console. Accounts belong to an
         *     organization and work in both its environments.
         */
        Reviewer: {
            id: components["schemas"]["ReviewerId"];
            name: string;
            email?: string | null;
            role: components["schemas"]["ReviewerRole"];
            /** @description The machine's owner: `docket serve`'s printed link and the desktop window sign in as them. */
            owner: boolean;
            /** Format: date-time */
            created_at: string;
            /**
             * Format: date-time
             * @description Set when an admin disabled the account: its sessions ended then, and it cannot sign in.
             */
            disabled_at?: string | null;
            /**
             * Format: date-time
             * @description Set when an admin removed the account: it cannot sign in again; its history stays.
             */
            removed_at?: string | null;
            /** @description The reviewer has set a password. */
            has_password: boolean;
            /** @description The reviewer has set up an authenticator (TOTP) as their second factor. */
            has_second_factor: boolean;
        };
        /**
         * Format: uuid
         * @description The reviewer id (UUIDv7).
         */
        ReviewerId: string;
        /** @description One reviewer's figures over a period. */
        ReviewerMetrics: {
            reviewer: components["schemas"]["ReviewerRef"];
            role: components["schemas"]["ReviewerRole"];
            /**
             * Format: int64
             * @description Decisions made (single, and the first of four eyes).
             */
            decided: number;
            /** Format: int64 */
            approved: number;
            /** Format: int64 */
            rejected: number;
            /** Format: double */
            approval_rate?: number | null;
            /** Format: double */
            rejection_rate?: number | null;
            /**
             * Format: double
             * @description From being assigned the case to deciding it.
             */
            median_minutes_to_decision?: number | null;
            /**
             * Format: int64
             * @description Second approvals given (confirmed or overturned).
             */
            second_approvals_given: number;
            /**
             * Format: int64
             * @description Of those, the overturned.
             */
            overturned: number;
            /**
             * Format: int64
             * @description SLA breaches of cases while assigned to them.
             */
            sla_breaches: number;
        };
        /**
         * @description A reviewer's outcome of one check that waits for a person (production checks that cannot be
         *     decided offline).
         */
        ReviewerOutcome: {
            /** @description The check decided. */
            check: components["schemas"]["CheckStep"];
            /** @description Whether it passed. */
            verified: boolean;
            /** @description Error codes saying why it failed (at least one when `verified` is false). */
            errors?: number[];
            /** @description The reviewer's note, kept on the check. */
            note?: string | null;
        };
        /** @description A reviewer as a case, a decision or a comment names them. */
        ReviewerRef: {
            id: components["schemas"]["ReviewerId"];
            name: string;
        };
        /**
         * @description What a reviewer may do. Each role may do everything the one before may.
         * @enum {string}
         */
        ReviewerRole: "reviewer" | "senior" | "admin";
        /** @description A reviewer with a one-time sign-in link. */
        ReviewerWithLink: {
            reviewer: components["schemas"]["Reviewer"];
            /** @description Opens the console signed in as this reviewer; works once, within 24 hours. Shown once. */
            login_url: string;
            /** Format: date-time */
            expires_at: string;
        };
        Reviewers: {
            data: components["schemas"]["Reviewer"][];
        };
        /**
         * @description The risk level the scoring model gives (spec 2.1 `risk_level`).
         *     Served in lower case (`medium`), as the spec's one example shows.
         * @enum {string}
         */
        RiskLevel: "low" | "medium" | "high";
        RiskProfileInfo: {
            id: string;
            name: string;
            /** Format: double */
            version: number;
        };
        /**
         * @description How risky a watchlist hit is.
         * @enum {string}
         */
        RiskScore: "Low" | "Medium" | "High";
        /**
         * @description A person's part in the company.
         * @enum {string}
         */
        Role: "director" | "shareholder" | "controller";
        /** @description `PUT /_docket/reviewers/{id}/role`. */
        RoleChange: {
            role: components["schemas"]["ReviewerRole"];
        };
        /**
         * @description A rotated secret. The previous one keeps signing (as a second `v1` entry) until
         *     `previous_secret_valid_until`.
         */
        RotatedSecret: {
            hmac_signing_secret: string;
            /** Format: date-time */
            previous_secret_valid_until?: string | null;
        };
        /**
         * @description What a fired rule does besides flagging: `reject` stops the remaining rules and checks.
         * @enum {string}
         */
        RuleAction: "reject";
        /**
         * @description A rule whose evaluation failed (it did not fire): `code` is one of `division_by_zero`,
         *     `missing_field`, `type_mismatch`, `overflow`, `not_a_boolean`.
         */
        RuleError: {
            /** Format: uuid */
            rule_id: string;
            name: string;
            code: string;
            message: string;
            /**
             * Format: int32
             * @description Where in the expression (1-based).
             */
            line: number;
            /** Format: int32 */
            column: number;
        };
        /**
         * @description What a rule is evaluated on, and when: `*_pre` before Docket's own checks of the event,
         *     `*_post` after them.
         * @enum {string}
         */
        RuleEventType: "transaction_pre" | "transaction_post" | "payment_pre" | "payment_post";
        /** @description The rules evaluated on one event type (`GET .../rules/list/{event_type}`). */
        RuleList: {
            builtin_rules: components["schemas"]["MonitoringRule"][];
            custom_rules: components["schemas"]["MonitoringRule"][];
        };
        /**
         * @description Whether a rule is evaluated.
         * @enum {string}
         */
        RuleStatus: "active" | "inactive";
        /** @description What `sandbox_result` asks for: the final status and each check's error codes. */
        SandboxResult: {
            status?: components["schemas"]["VerificationStatus"] | null;
            errors?: {
                [key: string]: number[];
            };
        };
        /**
         * @description The party a screening was for, with its own data: what each hit is compared with, and the
         *     key its dispositions are remembered under.
         */
        ScreenedParty: {
            kind: components["schemas"]["PartyKind"];
            /**
             * @description `applicant:<id>`, or `case:<id>:company` / `case:<id>:person:<n>`: the same for every
             *     screening of the party, so a disposition outlives re-screening.
             */
            key: string;
            applicant_id?: components["schemas"]["ApplicantId"] | null;
            /** Format: uuid */
            case_id?: string | null;
            /** @description The case's public id (`KYB-…`), for "for case …". */
            case_public_id?: string | null;
            name: string;
            /** @description `1987-12-24`. */
            date_of_birth?: string | null;
            nationalities?: components["schemas"]["CountryCode"][];
            /** @description Residence, or a company's country of registration. */
            countries?: components["schemas"]["CountryCode"][];
        };
        /** @description The body of the screening switch. */
        ScreeningSwitch: {
            aml_screening_enabled: boolean;
        };
        /**
         * Format: uuid
         * @description The search id (UUIDv7).
         */
        SearchId: string;
        /** @enum {string} */
        SearchKind: "search" | "screening";
        /** @description Match metadata of one hit. */
        SearchMetadata: {
            best_match_name: string;
            /**
             * Format: double
             * @description 0 to 100.
             */
            name_match_percentage: number;
            name_match_level: components["schemas"]["MatchLevel"];
            date_of_birth_matched: components["schemas"]["FilterMatch"];
            country_matched: components["schemas"]["FilterMatch"];
            gender_matched: components["schemas"]["FilterMatch"];
            general_match_level: components["schemas"]["MatchLevel"];
            risk_profile_info: components["schemas"]["RiskProfileInfo"];
            /** @description Docket's addition: the evidence behind the score. */
            explanation: components["schemas"]["Explanation"];
        };
        /** @description How an applicant is screened: filters and name-matching options. */
        SearchOptions: {
            /** @description Only hits with these risk scores count; empty means all. */
            risk_scores: components["schemas"]["RiskScore"][];
            /** @description Only entities with one of these tags count; empty means all. */
            tags: components["schemas"]["Tag"][];
            /** @description Only entities from these sources count; empty means all. */
            sources: components["schemas"]["SourceId"][];
            /** @description Whether approximate name matches are allowed (default true). */
            fuzziness: boolean;
            /** @description 0 means exact, 1 means broad (default 1). */
            fuzziness_level: components["schemas"]["FuzzinessLevel"];
            /** @description Whether names that sound alike match (default true). */
            phonetics: boolean;
            /** @description 0 AUTO, 1 FULL_NAME_ONLY, 2 FIRST_AND_LAST_NAMES_ONLY (default 0). */
            mode: components["schemas"]["NameMode"];
        };
        /** @description Search options as sent: every field optional; what is left out keeps its current value. */
        SearchOptionsInput: {
            risk_scores?: components["schemas"]["RiskScore"][] | null;
            tags?: components["schemas"]["Tag"][] | null;
            sources?: components["schemas"]["SourceId"][] | null;
            fuzziness?: boolean | null;
            fuzziness_level?: components["schemas"]["FuzzinessLevel"] | null;
            phonetics?: boolean | null;
            mode?: components["schemas"]["NameMode"] | null;
        };
        /** @description The report of a search (and so of a screening), as searched and as stored. */
        SearchReport: {
            requested_name: string;
            search_uuid: components["schemas"]["SearchId"];
            max_risk_score?: components["schemas"]["RiskScore"] | null;
            data: components["schemas"]["Hit"][];
            /** @description FATF records of the countries the hits are linked with. */
            fatf_records: components["schemas"]["FatfRecord"][];
            /**
             * Format: date-time
             * @description When the search ran (the environment's clock).
             */
            searched_at: string;
            /** @description The matching algorithm's version. */
            algorithm: string;
            /**
             * Format: double
             * @description The name score a hit had to reach.
             */
            threshold: number;
            /** @description The list snapshots searched. */
            lists: components["schemas"]["SnapshotRef"][];
            /** @description The request as received. */
            request: components["schemas"]["SearchRequest"];
            screened?: components["schemas"]["ScreenedParty"] | null;
        };
        /** @description `POST /api/v3/aml/search`. */
        SearchRequest: {
            /** @description The name to search for (required). */
            full_name: string;
            first_name?: string | null;
            last_name?: string | null;
            /** @description ISO 3166-1 alpha-2 codes. */
            countries?: components["schemas"]["CountryCode"][] | null;
            cities?: string[] | null;
            postal_codes?: string[] | null;
            date_of_birth?: components["schemas"]["DobFilter"] | null;
            gender?: components["schemas"]["EntityGender"] | null;
            risk_scores?: components["schemas"]["RiskScore"][] | null;
            tags?: components["schemas"]["Tag"][] | null;
            entity_types?: components["schemas"]["EntityType"][] | null;
            sources?: components["schemas"]["SourceId"][] | null;
            registration_ids?: string[] | null;
            /** @description Approximate matches allowed (default true). */
            fuzziness?: boolean | null;
            fuzziness_level?: components["schemas"]["FuzzinessLevel"] | null;
            /** @description Names that sound alike match (default true). */
            phonetics?: boolean | null;
            mode?: components["schemas"]["NameMode"] | null;
            /**
             * Format: int32
             * @description Most hits returned, 1 to 100 (default 50). Docket's addition.
             */
            limit?: number | null;
        };
        /** @description One past search, as `GET /api/v3/aml/search/history` lists it. */
        SearchSummary: {
            search_uuid: components["schemas"]["SearchId"];
            requested_name: string;
            /** Format: date-time */
            searched_at: string;
            max_risk_score?: components["schemas"]["RiskScore"] | null;
            /** Format: int32 */
            hits: number;
            /** @description `search` (an API call) or `screening` (of an applicant, or of a KYB case's party). */
            kind: components["schemas"]["SearchKind"];
            applicant_id?: components["schemas"]["ApplicantId"] | null;
            /**
             * Format: uuid
             * @description The KYB case a screening ran for (its company or one of its persons).
             */
            case_id?: string | null;
            /** @description That case's public id (`KYB-…`). */
            case_public_id?: string | null;
        };
        /** @description A six-digit code of the authenticator. */
        SecondFactorCode: {
            code: string;
        };
        /**
         * @description `POST /_docket/me/second-factor`: a new authenticator secret, shown once, to be confirmed
         *     with a code it makes before it replaces anything.
         */
        SecondFactorSetup: {
            /** @description The secret in base32, for typing into an authenticator app. */
            secret: string;
            /** @description The same as an `otpauth://totp/...` URI (what a QR code would carry). */
            otpauth_uri: string;
        };
        /**
         * @description `POST /_docket/me/second-factor` with a second factor in use already: a code of the current
         *     one, so that a session left open cannot replace it.
         */
        SecondFactorStart: {
            current_code?: string | null;
        };
        /**
         * @description The widget's sections, in order.
         * @enum {string}
         */
        SectionKey: "company" | "representative" | "ownership" | "documents" | "review";
        SectionProgress: {
            key: components["schemas"]["SectionKey"];
            title: string;
            state: components["schemas"]["SectionState"];
        };
        /**
         * @description A section's state in the stepper (spec 2.1 `KybSectionProgress`).
         * @enum {string}
         */
        SectionState: "completed" | "current" | "pending" | "action_required";
        /**
         * Format: uuid
         * @description The console session id (UUIDv7).
         */
        SessionId: string;
        /** @description A session as its reviewer and the admins see it. */
        SessionView: {
            id: components["schemas"]["SessionId"];
            reviewer: components["schemas"]["ReviewerRef"];
            /** Format: date-time */
            created_at: string;
            /** Format: date-time */
            last_seen_at: string;
            /** Format: date-time */
            expires_at: string;
            method: components["schemas"]["SignInMethod"];
            address?: string | null;
            user_agent?: string | null;
            /** @description The session this request comes from. */
            current: boolean;
        };
        /** @description A list of sessions. */
        Sessions: {
            data: components["schemas"]["SessionView"][];
        };
        /** @description The body of a clock setting. */
        SetClock: {
            /**
             * Format: date-time
             * @description The time to set, RFC 3339. At most ten years from the real time.
             */
            now: string;
            /** @description Stop the clock there (true), or let it run on from there (false, the default). */
            freeze?: boolean;
        };
        /** @description A profile's settings (public-api.md section 3). Fields left out take the defaults shown. */
        Settings: {
            /**
             * @description An identity document is required (default true): `document_mrz` and `document_ocr`.
             * @default true
             */
            poi_required: boolean;
            /**
             * @description Which identity documents are accepted (default passport, id_card, driver_license,
             *     residence_permit). Two-sided ones need both sides.
             * @default [
             *       "passport",
             *       "id_card",
             *       "driver_license",
             *       "residence_permit"
             *     ]
             */
            poi_allowed_documents: components["schemas"]["DocumentType"][];
            /**
             * @description The face is compared with the identity document (default true): `face_comparison`.
             * @default true
             */
            face_comparison_required: boolean;
            /**
             * @description Which pictures of the face are accepted (default selfie). With `liveness_photo` among
             *     them, the `liveness` check runs too.
             * @default [
             *       "selfie"
             *     ]
             */
            face_comparison_allowed_documents: components["schemas"]["DocumentType"][];
            /**
             * @description A proof of address is required (default false): `poa`.
             * @default false
             */
            poa_required: boolean;
            /**
             * @description Which proofs of address are accepted (default all four).
             * @default [
             *       "poa",
             *       "poa_utility_bill",
             *       "poa_bank_statement",
             *       "poa_residence_registration"
             *     ]
             */
            poa_allowed_documents: components["schemas"]["DocumentType"][];
            /** @default false */
            disable_cross_check_by_bio: boolean;
            /** @default false */
            disable_cross_check_by_photo: boolean;
            /** @default false */
            disable_verify_poa_country_match_with_poi: boolean;
            /**
             * @description Countries whose documents are accepted (ISO alpha-2; empty: all), or refused with
             *     `area_filter_type: exclude`.
             * @default []
             */
            countries: components["schemas"]["CountryCode"][];
            /** @default include */
            area_filter_type: components["schemas"]["AreaFilter"];
            /**
             * @description Named regions, kept for the hosted page (not interpreted by Docket).
             * @default []
             */
            regions: string[];
            /** @default false */
            allow_poi_manual_uploads: boolean;
            /**
             * @description Whether the hosted page may be completed on a desktop browser (the page says so; Docket
             *     does not refuse desktops, which would break offline demos).
             * @default true
             */
            allow_desktop: boolean;
            /** @description The hosted page's look, kept as sent (an object or a JSON string). */
            ui_settings?: Record<string, never>;
            /**
             * @description Also read as `manual_fields_settings`, the JS client's spelling.
             * @default {
             *       "address": null,
             *       "certificate_of_incorporation": null,
             *       "citizenship": null,
             *       "country": null,
             *       "custom_fields": [],
             *       "description": null,
             *       "dob": null,
             *       "email": null,
             *       "enabled": false,
             *       "full_name": null,
             *       "gender": null,
             *       "ownership_document": null,
             *       "phone": null
             *     }
             */
            manual_field_settings: components["schemas"]["ManualFieldSettings"];
            /**
             * @default {
             *       "enabled": false,
             *       "settings": {
             *         "cta": null,
             *         "main_text": null,
             *         "redirect_link": null,
             *         "redirect_warning": null,
             *         "title": null
             *       }
             *     }
             */
            finish_screen_settings: components["schemas"]["FinishScreenSettings"];
        };
        /**
         * @description How serious an outcome is; the worst of a type's instances is the type's.
         * @enum {string}
         */
        Severity: "low" | "medium" | "high";
        /** @description A shareholder the documents should name. */
        Shareholder: {
            name?: string | null;
            first_name?: string | null;
            last_name?: string | null;
            nationality?: string | null;
        };
        /**
         * @description Which side of a two-sided document a file shows.
         * @enum {string}
         */
        Side: "front" | "back";
        /** @description `POST /_docket/console/sign-in`. */
        SignIn: {
            /** @description The organization (its name or id); default: the default organization. */
            organization?: string | null;
            /** @description The reviewer's name (any letter case). */
            name: string;
            password: string;
            /** @description The six-digit code of the reviewer's authenticator app. */
            code: string;
        };
        /** @description A sign-in link. */
        SignInLink: {
            login_url: string;
            /** Format: date-time */
            expires_at: string;
        };
        /**
         * @description How a session was opened.
         * @enum {string}
         */
        SignInMethod: "link" | "password";
        /** @description `GET /api/v4/kyb/result/{request_id}`. */
        SingleResult: {
            request_id: components["schemas"]["RequestId"];
            status: components["schemas"]["SingleStatus"];
            verification_type: components["schemas"]["VerificationType"];
            /** @description `{}` until finished; then the type's result (see the guide). */
            response_data: Record<string, never>;
            /** Format: date-time */
            created_at: string;
            /** Format: date-time */
            completed_at?: string | null;
        };
        /**
         * @description A single check's status.
         * @enum {string}
         */
        SingleStatus: "initial" | "verified" | "not_verified" | "failed";
        /**
         * @description Hours a case may spend in each stage before its SLA is breached; null: no SLA there. The
         *     manual-review allowance covers `failed` cases too (both wait for a reviewer).
         */
        SlaHours: {
            /** Format: int32 */
            collecting_data?: number | null;
            /** Format: int32 */
            running_checks?: number | null;
            /** Format: int32 */
            manual_review?: number | null;
            /** Format: int32 */
            action_required?: number | null;
            /**
             * Format: int32
             * @description A decision awaiting its second approval, from when it was proposed (default 8 hours;
             *     settings stored before it existed get the default). Meanwhile the review's own clock
             *     stops.
             */
            awaiting_approval?: number | null;
        };
        /** @description An imported version of a list. */
        Snapshot: {
            id: components["schemas"]["SnapshotId"];
            /** @description The list's key: a new import with the same key replaces the old one (`US_CSL`). */
            list: string;
            format: components["schemas"]["ListFormat"];
            label: string;
            /** @description The list's own date, when the file tells it. */
            as_of?: string | null;
            /** Format: date-time */
            imported_at: string;
            /** Format: int32 */
            entities: number;
            /** Format: int32 */
            names: number;
            /** Format: int32 */
            rows_read: number;
            /** Format: int32 */
            rows_rejected: number;
            /** @description SHA-256 of the imported files. */
            sha256: string;
            /** @description Only the sandbox screens against the demo list. */
            demo: boolean;
            /** @description In use (the newest of its list). */
            active: boolean;
        };
        /**
         * Format: uuid
         * @description The list snapshot id (UUIDv7).
         */
        SnapshotId: string;
        /** @description A list snapshot a search used. */
        SnapshotRef: {
            id: components["schemas"]["SnapshotId"];
            list: string;
            as_of?: string | null;
        };
        /**
         * @description What a request came through: an API key, or a console session.
         * @enum {string}
         */
        Source: "api" | "console";
        /** @description A list that names an entity, and why. */
        SourceData: {
            source_id: components["schemas"]["SourceId"];
            name: string;
            reason?: string | null;
            summary?: string | null;
            source_url?: string | null;
            risk_score: components["schemas"]["RiskScore"];
            tags?: components["schemas"]["Tag"][];
        };
        /**
         * @description A watchlist source id such as `US_OFAC_SDN` or `UN_SCC`: upper-case letters, digits and `_`.
         * @example US_OFAC_SDN
         */
        SourceId: string;
        /**
         * @description A case's lifecycle stage (spec 3.2), derived from its status.
         * @enum {string}
         */
        Stage: "collecting_data" | "running_checks" | "manual_review" | "action_required" | "approved" | "rejected" | "failed" | "approved_manually" | "rejected_manually";
        /** @description One extracted field. */
        StatementField_StatementBalance: {
            /** @description A balance: an exact decimal as a string (`"-1234.56"`) and its currency. */
            value: {
                amount: string;
                /** @description ISO 4217, when printed on the statement. */
                currency?: string | null;
            };
            /** @description For checked fields (IBAN, BIC, period): whether the value passed its check. */
            valid?: boolean | null;
            /** @description Why a checked value is not valid. */
            problem?: string | null;
            evidence: components["schemas"]["FieldEvidence"];
        };
        /** @description One extracted field. */
        StatementField_StatementPeriod: {
            /** @description A statement's period. */
            value: {
                /** @description `YYYY-MM-DD`. */
                from: string;
                /** @description `YYYY-MM-DD`. */
                to: string;
            };
            /** @description For checked fields (IBAN, BIC, period): whether the value passed its check. */
            valid?: boolean | null;
            /** @description Why a checked value is not valid. */
            problem?: string | null;
            evidence: components["schemas"]["FieldEvidence"];
        };
        /** @description One extracted field. */
        StatementField_String: {
            value: string;
            /** @description For checked fields (IBAN, BIC, period): whether the value passed its check. */
            valid?: boolean | null;
            /** @description Why a checked value is not valid. */
            problem?: string | null;
            evidence: components["schemas"]["FieldEvidence"];
        };
        /** @description The fields read; a field not printed (or not recognisably labelled) is absent. */
        StatementFields: {
            holder?: components["schemas"]["StatementField_String"] | null;
            iban?: components["schemas"]["StatementField_String"] | null;
            account_number?: components["schemas"]["StatementField_String"] | null;
            bank_name?: components["schemas"]["StatementField_String"] | null;
            bic?: components["schemas"]["StatementField_String"] | null;
            period?: components["schemas"]["StatementField_StatementPeriod"] | null;
            opening_balance?: components["schemas"]["StatementField_StatementBalance"] | null;
            closing_balance?: components["schemas"]["StatementField_StatementBalance"] | null;
            currency?: components["schemas"]["StatementField_String"] | null;
        };
        /**
         * @description Whether the extraction can be relied on as read.
         * @enum {string}
         */
        StatementStatus: "extracted" | "needs_review";
        /** @description The applicant's statistics when an event was evaluated, the event included. */
        Stats: {
            last1d: components["schemas"]["PeriodStats"];
            last7d: components["schemas"]["PeriodStats"];
            last30d: components["schemas"]["PeriodStats"];
        };
        /** @description What a verification still needs (`still_needed` of `GET /api/v3/sdk/{short_id}`). */
        StillNeeded: {
            /** @description Nothing is missing: proceeding is accepted. */
            complete: boolean;
            /** @description Required fields without a value: `full_name`, ..., `custom_fields.<label>`. */
            fields: string[];
            /** @description One entry per requirement, done or not, in the page's order. */
            documents: components["schemas"]["Need"][];
        };
        /** @description An uploaded document as stored. */
        StoredDocument: {
            document_id: components["schemas"]["DocumentId"];
            applicant_id: components["schemas"]["ApplicantId"];
            document_type: components["schemas"]["DocumentType"];
            side?: components["schemas"]["Side"] | null;
            /** @description ISO alpha-3 as sent. */
            issued_country?: string | null;
            content_type: string;
            file_id: components["schemas"]["FileId"];
            file_name?: string | null;
            /** Format: int64 */
            size: number;
            sha256: string;
            /** Format: date-time */
            created_at: string;
        };
        /** @description What a stored document's file is. */
        StoredDocumentFacts: {
            /** @description The media type its content shows. */
            content_type: string;
            /** Format: int64 */
            size: number;
            sha256: string;
            /** @description The name it was sent with, sanitised. */
            file_name?: string | null;
            /** @description ISO alpha-3 as sent. */
            issued_country?: string | null;
        };
        /** @description A case whose checks ran past their stage's SLA (`GET /_docket/desk/stuck-checks`). */
        StuckCase: {
            id: components["schemas"]["CaseId"];
            public_id: string;
            company_name?: string | null;
            /**
             * Format: date-time
             * @description When its checks started (the stage was entered).
             */
            stage_entered_at: string;
            /** Format: date-time */
            sla_due_at: string;
            /** @description The checks still pending. */
            checks: components["schemas"]["StuckCheck"][];
        };
        StuckCases: {
            data: components["schemas"]["StuckCase"][];
        };
        /** @description A pending check of a stuck case, with what its due work says. */
        StuckCheck: {
            check_id: components["schemas"]["CheckId"];
            check_type: components["schemas"]["CheckType"];
            /** @description The company, or the person it checks. */
            subject_name: string;
            /** Format: date-time */
            started_at: string;
            /**
             * Format: int32
             * @description Runs since it was last scheduled.
             */
            attempts: number;
            /** @description Why its last run failed, if it did. */
            last_error?: string | null;
            /**
             * Format: date-time
             * @description When it runs next (null: not scheduled, which is itself a fault).
             */
            next_attempt_at?: string | null;
        };
        /** @description The answer to a submitted event. */
        Submitted: {
            /** Format: uuid */
            event_id: string;
        };
        /**
         * @description The category labels of watchlist entities.
         * @enum {string}
         */
        Tag: "Finance" | "Legal" | "Terrorism" | "Criminal" | "PEP" | "Media" | "Social" | "Sanctions" | "UnofficialSource" | "Leaks" | "CompanyRegistry" | "Associate" | "Debarred" | "PublicInterest" | "RegulatoryWarning";
        /** @description The body of the Telegram link. */
        TelegramLink: {
            tg_profile: string;
        };
        /**
         * Format: uuid
         * @description The remediation template id (UUIDv7).
         */
        TemplateId: string;
        Templates: {
            data: components["schemas"]["RemediationTemplate"][];
        };
        /** @description Which test event to send. */
        TestEvent: {
            event_type?: components["schemas"]["EventType"] | null;
        };
        /** @description An entry of a case's timeline. */
        TimelineEntry: {
            /** Format: date-time */
            at: string;
            /**
             * @description `created`, `section_saved`, `document_added`, `document_removed`, `submitted`,
             *     `resubmitted`, `check_completed`, `check_rerun`, `rescored`, `remediation_opened`, `decided`.
             */
            kind: string;
            /** @description `api`, `merchant` (the widget), `pipeline`, `docket`, or `reviewer:<name>`. */
            actor: string;
            from_status?: components["schemas"]["CaseStatus"] | null;
            to_status?: components["schemas"]["CaseStatus"] | null;
            detail: Record<string, never>;
        };
        /** @description `POST /api/v4/kyb/{applicant_id}/tin-verification`. */
        TinRequest: {
            /** @description 9 digits; dashes and spaces are ignored. */
            tin: string;
            company_name: string;
        };
        /** @description One paired token in a score's evidence. */
        TokenMatch: {
            /** @description The query's token (two joined by a space when they matched one listed token). */
            query: string;
            /** @description The listed name's token (likewise). */
            listed: string;
            /** Format: double */
            similarity: number;
            method: components["schemas"]["Method"];
        };
        /** @description What trying an expression gave (`POST .../rules/try`). */
        Tried: {
            /** @description Whether the rule fires on the event (false when it failed). */
            fires: boolean;
            error?: components["schemas"]["TryError"] | null;
            /** @description The statistics it was evaluated with. */
            stats: components["schemas"]["Stats"];
            /** @description The event's fields it read, with their values (absent ones left out). */
            fields_read: Record<string, never>;
        };
        TryError: {
            code: string;
            message: string;
            /** Format: int32 */
            line: number;
            /** Format: int32 */
            column: number;
        };
        /**
         * @description An expression to try: on a stored event (`event_id`: its fields and statistics as they were)
         *     or on fields given here (`event_type` and `event`, with the applicant's statistics now, the
         *     event counted as if it were submitted).
         */
        TryRequest: {
            expression: string;
            /** Format: uuid */
            event_id?: string | null;
            event_type?: components["schemas"]["MonitoredEventKind"] | null;
            event?: Record<string, never> | null;
        };
        /**
         * @description The body of an update: the info fields at the top level, and the settings (for the
         *     OpenAPI description; the engine reads it with `ApplicantUpdate::from_json`).
         */
        UpdateApplicantBody: {
            full_name?: string | null;
            first_name?: string | null;
            last_name?: string | null;
            dob?: components["schemas"]["Dob"] | null;
            gender?: components["schemas"]["Gender"] | null;
            citizenship?: string | null;
            country?: string | null;
            address?: string | null;
            addresses?: Record<string, never> | null;
            registration_id?: string | null;
            custom_fields?: Record<string, never> | null;
            email?: string | null;
            phone?: string | null;
        } & {
            search_options?: components["schemas"]["SearchOptionsInput"] | null;
            aml_screening_enabled?: boolean | null;
            info?: components["schemas"]["InfoPatch"] | null;
        };
        /** @description A profile changed. */
        UpdatedProfile: {
            /** @description `Profile updated`. */
            message: string;
            /** @description As a create's `warnings`. */
            warnings: string[];
        };
        /** @description The answer to an upload (public-api.md section 3). */
        UploadAnswer: {
            document_id: components["schemas"]["DocumentId"];
            detected_document_type: components["schemas"]["DocumentType"];
            detected_document_side?: components["schemas"]["Side"] | null;
            detected_two_side_document: boolean;
            /** @description ISO alpha-2 of the issuing country, when sent. */
            detected_country?: string | null;
            errors: components["schemas"]["CheckError"][];
        };
        UserProvidedData: {
            shareholders?: components["schemas"]["Shareholder"][];
        };
        /** @description An expression to check. */
        ValidateInput: {
            expression: string;
            event_type?: components["schemas"]["RuleEventType"] | null;
        };
        /** @description An expression checked (`POST .../rules/validate`). */
        Validation: {
            valid: boolean;
            error?: components["schemas"]["ExpressionError"] | null;
            /** @description The `event.<field>` names it reads. */
            event_fields: string[];
            /** @description The `stats.<period>.<indicator>` it reads. */
            stats: string[];
        };
        /**
         * @description The overall verdict.
         * @enum {string}
         */
        Verdict: "pass" | "risky" | "fail" | "unknown";
        /** @description A document verification as served. */
        Verification: {
            id: components["schemas"]["VerificationId"];
            applicant_id: components["schemas"]["ApplicantId"];
            status: components["schemas"]["VerificationStatus"];
            /** @description The organization's id (always a string: the Python client requires one). */
            organization_id: string;
            /** @description Who created it: the API key's id, or `console` (always a string). */
            account_id: string;
            /**
             * @description Docket's accounts have no e-mail addresses: always `""` (the Python client requires a
             *     string).
             */
            account_email: string;
            documents: components["schemas"]["VerificationDocumentRef"][];
            document_ids: components["schemas"]["DocumentId"][];
            document_type?: components["schemas"]["DocumentType"] | null;
            /**
             * @description The profile's checks by step: `document_mrz`, `document_ocr`, `face_comparison`,
             *     `liveness`, `poa`.
             */
            checks: {
                [key: string]: components["schemas"]["CheckResult"];
            };
            /** Format: date-time */
            created_at: string;
            /** Format: date-time */
            completed_at?: string | null;
            /** Format: date-time */
            expires_at: string;
            /** @description The hosted page where the person uploads their documents. */
            verification_url: string;
            /** @description The short id: the hosted page's and the end-user endpoints' key. */
            verification_url_id: string;
            /** @description ISO alpha-2: the country the person chose or the caller gave. */
            country_code?: string | null;
            is_sandbox: boolean;
            profile_id: components["schemas"]["ProfileId"];
            /**
             * Format: uuid
             * @description Docket does not screen verified people by itself: always null (screen the applicant).
             */
            aml_search_id?: string | null;
            poi_data?: components["schemas"]["PoiData"] | null;
            /** @description The profile's settings when the verification was made. */
            settings: components["schemas"]["Settings"];
            /** @description What the person filled by hand on the hosted page. */
            manual_fields: {
                [key: string]: Record<string, never>;
            };
            /** @description Other applicants with the same document (7000-range findings). */
            duplicated_applicant_ids: components["schemas"]["ApplicantId"][];
            /** @description The link it was started from, if any. */
            link_id?: string | null;
        };
        /**
         * @description A check's state (the Python client's `CheckStatus`).
         * @enum {string}
         */
        VerificationCheckStatus: "pending" | "in_progress" | "verified" | "failed";
        /** @description What a verification names of a document. */
        VerificationDocumentRef: {
            document_id: components["schemas"]["DocumentId"];
            document_type: components["schemas"]["DocumentType"];
            /** @description The media type the file's content shows. */
            content_type: string;
        };
        /**
         * @description What a reviewer reads of a verification beside the object itself: each document with its
         *     file's facts, and the history.
         */
        VerificationFile: {
            documents: components["schemas"]["StoredDocument"][];
            timeline: components["schemas"]["VerificationTimelineEntry"][];
            /** @description For each of its checks, the error codes a reviewer chooses from to fail it. */
            reviewer_codes: {
                [key: string]: components["schemas"]["CheckError"][];
            };
            review: components["schemas"]["ReviewView"];
        };
        /**
         * Format: uuid
         * @description The verification id (UUIDv7).
         */
        VerificationId: string;
        /**
         * @description A new verification (public-api.md section 3). Empty strings and the Go client's zero values
         *     are "not given".
         */
        VerificationInput: {
            /**
             * Format: uuid
             * @description Omitted: a new applicant is created.
             */
            applicant_id?: string | null;
            /**
             * Format: uuid
             * @description Omitted: the default profile.
             */
            profile_id?: string | null;
            /** @description Deprecated (use profiles): document types that decide the checks. */
            checks_required?: components["schemas"]["DocumentType"][] | null;
            /** @description ISO 3166-1 alpha-2. */
            applicant_country?: string | null;
            /**
             * Format: int64
             * @description 1 to 10080 (a week); default 240. `0` is "not given".
             */
            expiration_minutes?: number | null;
            sandbox_result?: components["schemas"]["SandboxResult"] | null;
        };
        /**
         * @description A verification's status.
         * @enum {string}
         */
        VerificationStatus: "initial" | "pending" | "in_progress" | "verified" | "failed" | "canceled" | "expired";
        /** @description One moment of a verification's history. */
        VerificationTimelineEntry: {
            /** Format: date-time */
            at: string;
            /** @description What happened, in words. */
            what: string;
        };
        /**
         * @description What a single check verifies.
         * @enum {string}
         */
        VerificationType: "tin_verification" | "us_company_registry_check" | "document_verification";
        /** @description The outcome of verifying a chain. */
        Verified: {
            /** @description No problem at all. */
            ok: boolean;
            /**
             * Format: int64
             * @description Events read.
             */
            events: number;
            /**
             * Format: int64
             * @description Events among them whose content an erasure emptied (each named by a later erasure).
             */
            erased_events: number;
            /**
             * @description The last event's hash: record it elsewhere; it proves every event up to it, and shows later
             *     whether events were cut from the end.
             */
            head_hash: string;
            problem?: components["schemas"]["Problem"] | null;
            /**
             * @description Every problem, in the order the chain is read (at most 100: see `more_problems`). The
             *     verification reads on past a problem, so that one acknowledged does not hide the next.
             */
            problems: components["schemas"]["Problem"][];
            /**
             * Format: int64
             * @description Problems past the first 100: not listed, so never acknowledged.
             */
            more_problems: number;
            /**
             * Format: int64
             * @description Problems no admin has acknowledged (`more_problems` included): the console shows the
             *     chain as broken on every page while this is above 0.
             */
            unacknowledged: number;
        };
        /** @description A code to verify. */
        VerifyInput: {
            /** Format: uuid */
            check_id: string;
            code: string;
        };
        /**
         * @description Docket's KYT check of a crypto wallet a transaction names (`sender_wallet_chain` and
         *     `sender_wallet_address`, or the receiver's): the same validation and sanctions lookup as
         *     `POST /api/v4/kyt/checks`, not recorded as a KYT check.
         */
        WalletScreening: {
            /** @description `sender` or `receiver`. */
            role: string;
            /** @description The chain as sent. */
            chain: string;
            address: string;
            valid: boolean;
            /** @description Why not valid (KYT's codes, and `unknown_chain`); null when valid. */
            invalid_code?: string | null;
            canonical_address?: string | null;
            risk_level?: string | null;
            categories: components["schemas"]["KytCategory"][];
            /** @description The listed entities' names, for a sanctions listing. */
            listed_by: string[];
        };
        /**
         * @description A webhook endpoint, as listed. The first five fields are the public service's; the rest are
         *     Docket's.
         */
        Webhook: {
            webhook_id: components["schemas"]["WebhookId"];
            is_sandbox: boolean;
            webhook_url: string;
            event_types: components["schemas"]["EventType"][];
            enabled: boolean;
            /**
             * @description Why Docket disabled the endpoint (it answered 410 Gone), if it did. Updating the
             *     endpoint with `enabled: true` clears it.
             */
            disabled_reason?: string | null;
            /**
             * Format: date-time
             * @description Until when the secret replaced by the last rotation still signs deliveries.
             */
            previous_secret_valid_until?: string | null;
            /** Format: date-time */
            created_at: string;
            /** Format: date-time */
            updated_at: string;
        };
        /** @description A created endpoint: its id and signing secret. The secret is shown only here. */
        WebhookCreated: {
            id: components["schemas"]["WebhookId"];
            /** @description `whsec_` and 64 hex digits. */
            hmac_signing_secret: string;
        };
        /**
         * Format: uuid
         * @description The webhook id (UUIDv7).
         */
        WebhookId: string;
        /** @description An endpoint to create, or its new settings (an update replaces them all). */
        WebhookInput: {
            /**
             * @description Where to POST events: an `http` or `https` URL. In production, addresses on loopback or
             *     private networks are refused unless the environment's settings allow them.
             */
            webhook_url: string;
            /** @description The event types to send (`ALL` for every type). */
            event_types: components["schemas"]["EventType"][];
            /** @description Default true. */
            enabled?: boolean | null;
            /**
             * @description The environment whose events the endpoint receives: it must be the API key's own
             *     (default: the key's).
             */
            is_sandbox?: boolean | null;
        };
        /** @description The endpoint list, as the public service's clients read it. */
        WebhookList: {
            webhooks: components["schemas"]["Webhook"][];
        };
        /** @description Webhook settings of one environment. */
        WebhookSettings: {
            /**
             * Format: int32
             * @description How long a rotated-out secret keeps signing, in seconds (0 to 30 days; default 24 h).
             */
            rotation_grace_seconds: number;
            /**
             * Format: int32
             * @description How long an endpoint has to answer, in seconds (1 to 30; default 5).
             */
            timeout_seconds: number;
            /**
             * Format: int32
             * @description How long finished deliveries are kept, in days (1 to 365; default 30).
             */
            retention_days: number;
            /**
             * @description Let production endpoints use loopback, private and other addresses that are not public
             *     (always allowed in the sandbox, where a developer's local receiver is the normal case).
             *     Default false. Read-only here: an admin sets it in the console
             *     (`PUT /_docket/webhooks/address-guard`), and the audit trail records who did.
             */
            allow_private_addresses: boolean;
        };
        /** @description A partial change of the settings: fields left out stay. */
        WebhookSettingsPatch: {
            /** Format: int32 */
            rotation_grace_seconds?: number | null;
            /** Format: int32 */
            timeout_seconds?: number | null;
            /** Format: int32 */
            retention_days?: number | null;
        };
        /** @description The widget's look: the organization's name is always shown; these are optional. */
        WidgetBranding: {
            logo?: components["schemas"]["WidgetLogo"] | null;
            accent_color?: components["schemas"]["BrandColor"] | null;
            font?: components["schemas"]["WidgetFont"];
        };
        /** @description A decision as the merchant is told it. */
        WidgetDecision: {
            outcome: components["schemas"]["DecisionKind"];
            /** @description The reviewers' message for the merchant, if they wrote one and the organization shows it. */
            message?: string | null;
            /** Format: date-time */
            at: string;
        };
        /** @description A document as the widget lists it. */
        WidgetDocument: components["schemas"]["CaseDocument"] & {
            state: components["schemas"]["DocumentState"];
        };
        /**
         * @description The widget's font: one of these local font stacks (no font is downloaded).
         * @enum {string}
         */
        WidgetFont: "system" | "sans_serif" | "serif" | "rounded";
        /**
         * @description A logo: `data:image/png;base64,...` (or `image/jpeg`, `image/webp`), at most
         *     [`MAX_LOGO_BYTES`] of picture, whose content is the type it names.
         * @example data:image/png;base64,iVBORw0KGgo...
         */
        WidgetLogo: string;
        /** @description The organization a widget is for, as the merchant sees it. */
        WidgetOrganization: {
            name: string;
            branding: components["schemas"]["WidgetBranding"];
        };
        /** @description The outcome the widget shows. */
        WidgetOutcome: {
            state: components["schemas"]["WidgetState"];
            /** @description The reviewers' message for the merchant, when there is one and it is shown. */
            message?: string | null;
        };
        /**
         * @description Per decided outcome, what the merchant sees. While a case is being filled, checked or
         *     reviewed the widget says so, and an open request to fix something is always shown.
         */
        WidgetOutcomes: {
            approved?: components["schemas"]["OutcomeShown"];
            rejected?: components["schemas"]["OutcomeShown"];
        };
        /** @description An open remediation as the merchant sees it. */
        WidgetRequest: {
            section: components["schemas"]["SectionKey"];
            document_kind?: components["schemas"]["DocumentKind"] | null;
            message: string;
            /** Format: date-time */
            opened_at: string;
            /**
             * @description The merchant changed what was asked since (saved the section, or uploaded a document of
             *     the kind): it waits for the resubmission.
             */
            fixed: boolean;
        };
        /** @description The KYB widget's settings. */
        WidgetSettings: {
            branding?: components["schemas"]["WidgetBranding"];
            outcomes?: components["schemas"]["WidgetOutcomes"];
        };
        /**
         * @description Where a case stands for the merchant.
         * @enum {string}
         */
        WidgetState: "draft" | "submitted" | "action_required" | "approved" | "rejected";
        /**
         * @description What the hosted widget shows the merchant: their data and what is asked of them, nothing of
         *     the checks or the reviewers.
         */
        WidgetView: {
            public_id: string;
            status: components["schemas"]["CaseStatus"];
            company_name?: string | null;
            /** @description The business asking: the organization's name and its branding (its settings). */
            organization: components["schemas"]["WidgetOrganization"];
            form: components["schemas"]["Form"];
            /**
             * @description The stepper as the merchant's own changes leave it: a section asked to be fixed is
             *     `action_required` until the merchant changes it, and the review is not complete while a
             *     resubmission is due.
             */
            form_progress: components["schemas"]["FormProgress"];
            /** @description What each incomplete section still lacks (field paths, `company.address.street`). */
            missing: {
                [key: string]: string[];
            };
            documents: components["schemas"]["WidgetDocument"][];
            /** @description Open remediations: what the merchant must fix, in the reviewer's words. */
            requests: components["schemas"]["WidgetRequest"][];
            /** @description Whether the merchant can change anything now (draft, or an open remediation). */
            editable_sections: components["schemas"]["SectionKey"][];
            /** Format: date-time */
            expires_at: string;
            /** @description Where the case stands, as the organization chose to tell it (`widget.outcomes`). */
            outcome: components["schemas"]["WidgetOutcome"];
            decision?: components["schemas"]["WidgetDecision"] | null;
        };
    };
    responses: never;
    parameters: never;
    requestBodies: never;
    headers: never;
    pathItems: never;
}
export type $defs = Record<string, never>;
export interface operations {
    listApplicants: {
        parameters: {
            query?: {
                /** @description Page number, from 0 (at most 100000); default 0. */
                page?: number;
                /** @description Items per page, within the list's bounds (see "Paging" in the guide); default per list. */
                limit?: number;
                /** @description Part of the name (full, first or last), case- and accent-insensitive. */
                name?: string;
                /** @description Country of residence or citizenship (ISO 3166-1 alpha-2). */
                country?: string;
                /** @description `Person` or `Organization`. */
                type?: string;
                /** @description Date of birth, `YYYY-MM-DD`. */
                dob?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description One page of applicants */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Page_Applicant"];
                };
            };
            /** @description Invalid paging or filter */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Missing or invalid API key */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    createApplicant: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "aml_screening_enabled": false,
                 *       "applicant_type": "Person",
                 *       "email": "john.doe@example.org",
                 *       "external_id": "external_user_id_123",
                 *       "info": {
                 *         "address": "Wiener Straße 17, 10999 Berlin",
                 *         "addresses": {
                 *           "residence": {
                 *             "city": "Berlin",
                 *             "country": "DE",
                 *             "postal_code": "10999",
                 *             "street": "Wiener Straße 17"
                 *           }
                 *         },
                 *         "citizenship": "DE",
                 *         "country": "DE",
                 *         "custom_fields": {},
                 *         "dob": "1987-12-24T00:00:00.000Z",
                 *         "first_name": "John",
                 *         "full_name": "John Doe",
                 *         "gender": "M",
                 *         "last_name": "Doe"
                 *       },
                 *       "phone": "+1234567890",
                 *       "search_options": {
                 *         "fuzziness": true,
                 *         "fuzziness_level": 1,
                 *         "mode": 0,
                 *         "phonetics": true,
                 *         "risk_scores": [
                 *           "Low"
                 *         ],
                 *         "tags": [
                 *           "Finance"
                 *         ]
                 *       }
                 *     }
                 */
                "application/json": components["schemas"]["NewApplicant"];
            };
        };
        responses: {
            /** @description Created */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CreatedId"];
                };
            };
            /** @description Invalid data */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Missing or invalid API key */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The external_id is taken */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    getApplicant: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The applicant's id */
                applicant_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The applicant */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Applicant"];
                };
            };
            /** @description Not a UUID */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description No such applicant in this environment */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    updateApplicant: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The applicant's id */
                applicant_id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "address": null,
                 *       "country": "FR",
                 *       "full_name": "John A. Doe"
                 *     }
                 */
                "application/json": components["schemas"]["UpdateApplicantBody"];
            };
        };
        responses: {
            /** @description The updated applicant */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Applicant"];
                };
            };
            /** @description Invalid data */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description No such applicant */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    deleteApplicant: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The applicant's id */
                applicant_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Deleted */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description No such applicant */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    getApplicantByExternalId: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Your identifier for the applicant (URL-encoded) */
                external_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The applicant */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Applicant"];
                };
            };
            /** @description No applicant has this external id */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    setApplicantSearchOptions: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The applicant's id */
                applicant_id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["SearchOptionsInput"];
            };
        };
        responses: {
            /** @description The applicant */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Applicant"];
                };
            };
            /** @description Invalid options */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description No such applicant */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    setApplicantScreening: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The applicant's id */
                applicant_id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "aml_screening_enabled": true
                 *     }
                 */
                "application/json": components["schemas"]["ScreeningSwitch"];
            };
        };
        responses: {
            /** @description The applicant */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Applicant"];
                };
            };
            /** @description No such applicant */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    linkApplicantTelegram: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The applicant's id */
                applicant_id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "tg_profile": "1234567890"
                 *     }
                 */
                "application/json": components["schemas"]["TelegramLink"];
            };
        };
        responses: {
            /** @description The applicant */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Applicant"];
                };
            };
            /** @description No such applicant */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    amlSearch: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "countries": [
                 *         "ZW"
                 *       ],
                 *       "date_of_birth": {
                 *         "gte": "1965-01-01T00:00:00.000Z",
                 *         "lte": "1965-12-31T00:00:00.000Z"
                 *       },
                 *       "entity_types": [
                 *         "Person"
                 *       ],
                 *       "first_name": "Grace",
                 *       "full_name": "Grace MUGABE",
                 *       "fuzziness": true,
                 *       "fuzziness_level": 1,
                 *       "last_name": "MUGABE",
                 *       "mode": 0,
                 *       "phonetics": true,
                 *       "risk_scores": [
                 *         "High",
                 *         "Medium"
                 *       ],
                 *       "tags": [
                 *         "Sanctions",
                 *         "PEP"
                 *       ]
                 *     }
                 */
                "application/json": components["schemas"]["SearchRequest"];
            };
        };
        responses: {
            /** @description The search report */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SearchReport"];
                };
            };
            /** @description Invalid request */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    amlSearchHistory: {
        parameters: {
            query?: {
                /** @description Page number, from 0 (at most 100000); default 0. */
                page?: number;
                /** @description Items per page, within the list's bounds (see "Paging" in the guide); default per list. */
                limit?: number;
                /** @description Part of the requested name. */
                name?: string;
                /** @description `search` (API calls) or `screening` (of applicants and of KYB cases' parties). */
                kind?: string;
                /** @description Screenings of one applicant. */
                applicant_id?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description One page of past searches */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Page_SearchSummary"];
                };
            };
            /** @description Invalid paging or filter */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    amlSearchReport: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The search's `search_uuid` */
                search_uuid: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The stored report */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SearchReport"];
                };
            };
            /** @description No such search in this environment */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    amlDisposeHit: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The screening's `search_uuid` */
                search_uuid: string;
                /** @description The hit's entity `uuid` */
                entity_uuid: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "disposition": "false_positive",
                 *       "note": "Listed born 1970-01-01; the director was born 1985-03-02 (passport checked).",
                 *       "reason": "date_of_birth_differs"
                 *     }
                 */
                "application/json": components["schemas"]["NewDisposition"];
            };
        };
        responses: {
            /** @description The hit with its disposition and history */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Hit"];
                };
            };
            /** @description A reason that does not fit the disposition, or a note too long or missing */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description No such screening in this environment, or no such hit in it */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description A search of a name, not a screening of a party */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    amlEntity: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The entity's `uuid` */
                uuid: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The entity */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Entity"];
                };
            };
            /** @description No such entity on the lists in use */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    amlLists: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The list snapshots */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Lists"];
                };
            };
        };
    };
    amlFatf: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The FATF table in use */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["FatfTable"];
                };
            };
        };
    };
    amlDataSources: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "limit": 20,
                 *       "name": "ofac",
                 *       "page": 0,
                 *       "risk_scores": [
                 *         "High"
                 *       ],
                 *       "tags": [
                 *         "Sanctions"
                 *       ]
                 *     }
                 */
                "application/json": components["schemas"]["DataSourceQuery"];
            };
        };
        responses: {
            /** @description One page of data sources */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Page_DataSource"];
                };
            };
            /** @description Invalid filter or paging */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    listEvents: {
        parameters: {
            query?: {
                /** @description Page number, from 0 (at most 100000); default 0. */
                page?: number;
                /** @description Items per page, within the list's bounds (see "Paging" in the guide); default per list. */
                limit?: number;
                /** @description Only events of this type, such as `AML_SCREENING`. */
                type?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description One page of events */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Page_Event"];
                };
            };
            /** @description Invalid paging */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    listWebhooks: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The endpoints */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WebhookList"];
                };
            };
        };
    };
    createWebhook: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "enabled": true,
                 *       "event_types": [
                 *         "AML_SCREENING"
                 *       ],
                 *       "is_sandbox": true,
                 *       "webhook_url": "https://example.com/hooks/dataspike"
                 *     }
                 */
                "application/json": components["schemas"]["WebhookInput"];
            };
        };
        responses: {
            /** @description Created; the secret is shown only now */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WebhookCreated"];
                };
            };
            /** @description Invalid URL, event type or environment */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The environment has the most endpoints allowed */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description This process has no master key to keep secrets */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    getWebhook: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The endpoint's id */
                webhook_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The endpoint */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Webhook"];
                };
            };
            /** @description No such endpoint */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    updateWebhook: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The endpoint's id */
                webhook_id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["WebhookInput"];
            };
        };
        responses: {
            /** @description The endpoint */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Webhook"];
                };
            };
            /** @description Invalid URL, event type or environment */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description No such endpoint */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    deleteWebhook: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The endpoint's id */
                webhook_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Deleted */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description No such endpoint */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    rotateWebhookSecret: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The endpoint's id */
                webhook_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The new secret, shown only now */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RotatedSecret"];
                };
            };
            /** @description No such endpoint */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    webhookHistory: {
        parameters: {
            query?: {
                /** @description Page number, from 0 (at most 100000); default 0. */
                page?: number;
                /** @description Items per page, within the list's bounds (see "Paging" in the guide); default per list. */
                limit?: number;
                /** @description Only deliveries to this endpoint. */
                webhook_id?: string;
                /** @description The same as `webhook_id` (the older documentation's name). */
                webhook?: string;
                /**
                 * @description A cursor: only deliveries older than the one with this id (the last `id` of the
                 *     previous page).
                 */
                after?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description One page of deliveries */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Page_Delivery"];
                };
            };
            /** @description Invalid paging, id or cursor */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    webhookDelivery: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The delivery's id (the envelope's `id`) */
                delivery_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The delivery */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["DeliveryDetail"];
                };
            };
            /** @description No such delivery */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    replayWebhookDelivery: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The delivery's id (the envelope's `id`) */
                delivery_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The delivery, pending again */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Delivery"];
                };
            };
            /** @description No such delivery */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    sendWebhookTest: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The endpoint's id */
                webhook_id: string;
            };
            cookie?: never;
        };
        /** @description Optional: an empty body sends the default type */
        requestBody: {
            content: {
                "application/json": components["schemas"]["TestEvent"];
            };
        };
        responses: {
            /** @description The queued delivery */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Delivery"];
                };
            };
            /** @description No such endpoint */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The endpoint is disabled */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    webhookSettings: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The settings */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WebhookSettings"];
                };
            };
        };
    };
    updateWebhookSettings: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "rotation_grace_seconds": 3600,
                 *       "timeout_seconds": 2
                 *     }
                 */
                "application/json": components["schemas"]["WebhookSettingsPatch"];
            };
        };
        responses: {
            /** @description The settings */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WebhookSettings"];
                };
            };
            /** @description A value out of range, `allow_private_addresses`, or an unknown field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    putWebhookAddressGuard: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "allow_private_addresses": false
                 *     }
                 */
                "application/json": components["schemas"]["AddressGuard"];
            };
        };
        responses: {
            /** @description The guard as set */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AddressGuard"];
                };
            };
            /** @description Not a boolean, or an unknown field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Not an admin signed in to the console */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The sandbox: it allows every address */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    docketInfo: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The caller's organization and environment */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Info"];
                };
            };
        };
    };
    getClock: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The clock */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ClockState"];
                };
            };
        };
    };
    setClock: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "freeze": true,
                 *       "now": "2026-01-15T09:00:00Z"
                 *     }
                 */
                "application/json": components["schemas"]["SetClock"];
            };
        };
        responses: {
            /** @description The clock after the change */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ClockState"];
                };
            };
            /** @description Invalid time */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Not a sandbox key */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    advanceClock: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "by": "1d12h"
                 *     }
                 */
                "application/json": components["schemas"]["AdvanceClock"];
            };
        };
        responses: {
            /** @description The clock after the change */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ClockState"];
                };
            };
            /** @description Invalid duration */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Not a sandbox key */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    resetClock: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The clock after the change */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ClockState"];
                };
            };
            /** @description Not a sandbox key */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    resetSandbox: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description What was removed */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ResetSummary"];
                };
            };
            /** @description Not a sandbox key */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    listRequests: {
        parameters: {
            query?: {
                /** @description Page number, from 0 (at most 100000); default 0. */
                page?: number;
                /** @description Items per page, within the list's bounds (see "Paging" in the guide); default per list. */
                limit?: number;
                /** @description HTTP method, such as `POST`. */
                method?: string;
                /** @description Paths starting with this, such as `/api/v3/applicants`. */
                path?: string;
                /** @description A status code (`404`) or class (`4xx`). */
                status?: string;
                /** @description Entries received at or after this time (RFC 3339). */
                since?: string;
                /** @description Entries received at or before this time (RFC 3339). */
                until?: string;
                /** @description The `x-request-id` of one request. */
                request_id?: string;
                /** @description Only entries with a greater `seq` (for polling). */
                after?: number;
                /** @description `api` (requests with an API key) or `console` (changes made in the console). */
                source?: string;
                /** @description Entries of the console reviewer with exactly this name. */
                reviewer?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description One page of journal entries */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Page_JournalEntry"];
                };
            };
            /** @description Invalid filter */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    clearRequests: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Cleared */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Cleared"];
                };
            };
            /** @description Not a sandbox key */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    listRefusedRequests: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The counts */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RefusedRequests"];
                };
            };
        };
    };
    listKeys: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The keys */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["KeyList"];
                };
            };
        };
    };
    createKey: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "name": "CI"
                 *     }
                 */
                "application/json": components["schemas"]["NewKey"];
            };
        };
        responses: {
            /** @description Created; the key is shown only now */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["NewKeyCreated"];
                };
            };
            /** @description No name, or one too long */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    revokeKey: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The key's id */
                key_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The revoked key */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Key"];
                };
            };
            /** @description No such key in this organization and environment */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The key was already revoked */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    listKybVerifications: {
        parameters: {
            query?: {
                /** @description Page number, from 0 (at most 100000); default 0. */
                page?: number;
                /** @description Items per page, within the list's bounds (see "Paging" in the guide); default per list. */
                limit?: number;
                /**
                 * @description Restricts to sandbox cases when true; the key's environment decides in any case, so
                 *     `true` with a production key (or `false` with a sandbox key) gives an empty page.
                 */
                is_sandbox?: string;
                /** @description Statuses, comma-separated (`manual_review,failed`). */
                status?: string;
                /** @description Stages, comma-separated (`running_checks`). */
                stage?: string;
                /** @description Risk levels, comma-separated (`medium,high`). */
                risk_level?: string;
                /** @description The company's country (ISO 3166-1 alpha-2). */
                country?: string;
                /**
                 * @description Words that must each appear (any letter case) in the company's name or trading name,
                 *     registration number, external id, public id, or the name of one of its people (the
                 *     representative, the persons of the ownership section) or corporate owners.
                 */
                q?: string;
                /** @description Created at or after (RFC 3339, or a date `YYYY-MM-DD`). */
                created_from?: string;
                /** @description Created before (RFC 3339, or a date `YYYY-MM-DD`: before that day). */
                created_to?: string;
                /** @description Docket's own: `me` (the signed-in reviewer), `none` (unassigned), or a reviewer's id. */
                assignee?: string;
                /**
                 * @description Docket's own: `breached`: cases past their stage's SLA on the environment's clock, in a
                 *     stage a person acts in; `stuck`: cases whose checks are running past their SLA.
                 */
                sla?: string;
                /**
                 * @description Docket's own: `error` (a check type in error) or `hit` (a check with a finding: severity
                 *     medium or high).
                 */
                flag?: string;
                /** @description Docket's own: `second_approval`: cases whose decision awaits its second approval. */
                awaiting?: string;
                /**
                 * @description Docket's own: the order, a key ascending or `-key` descending: `created_at`,
                 *     `sla_due_at` (most overdue first; cases without an SLA last), `company_name`, `status`,
                 *     `assignee` (unassigned last). Also `newest` (the default, `-created_at`), `oldest`
                 *     (`created_at`) and `sla_due` (`sla_due_at`). Ties go by creation.
                 */
                sort?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description One page of cases */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CasePage"];
                };
            };
            /** @description Invalid paging or filter */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Missing or invalid API key */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    createKybVerification: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "company": {
                 *         "country": "GB",
                 *         "legal_name": "Brightwater Logistics Ltd",
                 *         "registration_number": "09876543"
                 *       },
                 *       "external_id": "merchant-1042"
                 *     }
                 */
                "application/json": components["schemas"]["NewCase"];
            };
        };
        responses: {
            /** @description The new case, in `draft` */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CaseResponse"];
                };
            };
            /** @description Invalid data */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Missing or invalid API key */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The external_id belongs to a person applicant */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    getKybVerification: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The case's id (a list row's `id`) */
                verification_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The case */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CaseResponse"];
                };
            };
            /** @description Not a UUID */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description No such case in this environment */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    eraseKybVerification: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The case's id (a list row's `id`) */
                verification_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Erased: the erasure log's entry */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Erasure"];
                };
            };
            /** @description Not a UUID */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description A console reviewer who is not an admin */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description No such case in this environment */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    saveKybSection: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                verification_id: string;
                /** @description `company`, `representative` or `ownership` */
                section: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "country": "GB",
                 *       "legal_name": "Brightwater Logistics Ltd"
                 *     }
                 */
                "application/json": Record<string, never>;
            };
        };
        responses: {
            /** @description The case */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CaseResponse"];
                };
            };
            /** @description Invalid values */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description No such case */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The case's status does not allow the change */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    uploadKybDocument: {
        parameters: {
            query?: {
                /**
                 * @description `certificate_of_incorporation`, `ownership_document` or `proof_of_address` (or send it
                 *     as a form field `kind` before the file).
                 */
                kind?: string;
            };
            header?: never;
            path: {
                verification_id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "multipart/form-data": Record<string, never>;
            };
        };
        responses: {
            /** @description The case with the document */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CaseResponse"];
                };
            };
            /** @description Malformed form or unknown kind */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The case's status does not allow it */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Larger than 20 MiB, or a picture too large to decode (over 16,384 pixels a side, 60 megapixels or 320 MiB decoded) */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Not a PDF or a JPEG, PNG or WebP picture by its content, or damaged or cut short */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Heavy work on documents must wait: try again after `Retry-After` seconds */
            503: {
                headers: {
                    /** @description Seconds to wait */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    getKybDocument: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                verification_id: string;
                file_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The file's content */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description No such case or document */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    removeKybDocument: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                verification_id: string;
                file_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The case without the document */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CaseResponse"];
                };
            };
            /** @description No such case or document */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The case's status does not allow it */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    submitKybVerification: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                verification_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The submitted case */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CaseResponse"];
                };
            };
            /** @description Incomplete sections (named) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description No such case */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The case's status does not allow it (named) */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    openKybRemediation: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                verification_id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "document_kind": "proof_of_address",
                 *       "message": "The utility bill is older than three months: please upload a recent one."
                 *     }
                 */
                "application/json": components["schemas"]["NewRemediation"];
            };
        };
        responses: {
            /** @description The case, in `action_required` */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CaseResponse"];
                };
            };
            /** @description Invalid request */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description No such case */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The case's status does not allow it (named) */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    verifyTin: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                applicant_id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "company_name": "DEERE & COMPANY",
                 *       "tin": "36-2382580"
                 *     }
                 */
                "application/json": components["schemas"]["TinRequest"];
            };
        };
        responses: {
            /** @description Accepted */
            202: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Accepted"];
                };
            };
            /** @description Missing or malformed field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description No such applicant */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    usRegistryCheck: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                applicant_id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "company_name": "Acme Holdings Inc.",
                 *       "state": "delaware"
                 *     }
                 */
                "application/json": components["schemas"]["RegistryRequest"];
            };
        };
        responses: {
            /** @description Accepted */
            202: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Accepted"];
                };
            };
            /** @description Missing or malformed field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description No such applicant */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    verifyKybDocument: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                applicant_id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["DocumentRequest"];
            };
        };
        responses: {
            /** @description Accepted */
            202: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Accepted"];
                };
            };
            /** @description Missing or malformed field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description No such applicant */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    getKybResult: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                request_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The check's result */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SingleResult"];
                };
            };
            /** @description Not a UUID */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description No such request */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    claimKybCase: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                verification_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The case, assigned */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CaseResponse"];
                };
            };
            /** @description No such case */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Someone else works the case, or it is decided */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    releaseKybCase: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                verification_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The case, unassigned */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CaseResponse"];
                };
            };
            /** @description Assigned to someone else, and the caller is no admin */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Not assigned */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    assignKybCase: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                verification_id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["NewAssignment"];
            };
        };
        responses: {
            /** @description The case */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CaseResponse"];
                };
            };
            /** @description Not an admin */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description No such case or reviewer */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The case is decided, or the reviewer disabled */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    decideKybCase: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                verification_id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "decision": "reject",
                 *       "merchant_message": "We could not verify who owns and runs the company.",
                 *       "note": "The registry lists a different director.",
                 *       "reasons": [
                 *         "registry_mismatch",
                 *         "ownership_unclear"
                 *       ]
                 *     }
                 */
                "application/json": components["schemas"]["NewDecision"];
            };
        };
        responses: {
            /** @description The case, decided or awaiting its second approval */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CaseResponse"];
                };
            };
            /** @description Invalid request (no reason, one that does not fit the decision, no note, an `approver_id` who is no senior) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Not the assignee; or, with an API key, a case a reviewer works */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The case's status does not allow it, or a decision awaits its second approval */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    secondApprovalKybCase: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                verification_id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "confirm": true,
                 *       "note": "Agreed: the registry mismatch is material."
                 *     }
                 */
                "application/json": components["schemas"]["NewSecondApproval"];
            };
        };
        responses: {
            /** @description The case */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CaseResponse"];
                };
            };
            /** @description Not a senior, or the first reviewer */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description No decision awaits a second approval */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    requestKybRemediation: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                verification_id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "items": [
                 *         {
                 *           "message": "Add every shareholder holding 25 % or more.",
                 *           "section": "ownership"
                 *         },
                 *         {
                 *           "document_kind": "proof_of_address",
                 *           "message": "Upload a utility bill from the last three months."
                 *         }
                 *       ],
                 *       "note": "Registry lists a second shareholder not declared."
                 *     }
                 */
                "application/json": components["schemas"]["NewRemediation"];
            };
        };
        responses: {
            /** @description The case, in `action_required` */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CaseResponse"];
                };
            };
            /** @description Invalid request (the field is named: `items[1].section`) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The case is someone else's */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The case's status does not allow it (named) */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    commentKybCase: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                verification_id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["NewComment"];
            };
        };
        responses: {
            /** @description The comment */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Comment"];
                };
            };
            /** @description Empty or too long */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description No such case */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    previewKybDocument: {
        parameters: {
            query?: {
                /** @description The page, from 1 (default 1). */
                page?: number;
                /**
                 * @description The longest side in pixels, 160 to 2400 (default 640): the viewer asks for its zoom times
                 *     the screen's pixel density, so the page is sharp.
                 */
                size?: number;
                /**
                 * @description Text to mark on the page where its text layer has it (at most 200 characters); `X-Found`
                 *     says how many words were marked.
                 */
                find?: string;
            };
            header?: never;
            path: {
                verification_id: string;
                file_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description image/jpeg */
            200: {
                headers: {
                    /** @description With `find`: the words marked on the page; absent when the page has no text layer to look in (a picture, a scan) */
                    "X-Found"?: number;
                    /** @description Pages in the document */
                    "X-Page-Count"?: number;
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description A page past the last, a size out of bounds, or too long a text to find */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description No such case or document */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description No preview can be made of it (a PDF without a picture where poppler-utils is not installed, or one poppler cannot render within its bounds; the message says which) */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Heavy work on documents must wait: try again after `Retry-After` seconds */
            503: {
                headers: {
                    /** @description Seconds to wait */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    rerunKybCheck: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                verification_id: string;
                check_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The case, with the new pending instance */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CaseResponse"];
                };
            };
            /** @description The case is assigned to someone else */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description No such case, or no such check of it */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The check did not error (or was superseded), or the case does not wait for a reviewer */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    getMe: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The signed-in reviewer */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Me"];
                };
            };
            /** @description Not a console session */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    listReviewers: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The reviewers */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Reviewers"];
                };
            };
        };
    };
    addReviewer: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "email": "ada@example.com",
                 *       "name": "Ada Okafor",
                 *       "role": "senior"
                 *     }
                 */
                "application/json": components["schemas"]["NewReviewer"];
            };
        };
        responses: {
            /** @description The reviewer and their sign-in link */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ReviewerWithLink"];
                };
            };
            /** @description Invalid request */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Not an admin */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The name is taken */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    reviewerLink: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                reviewer_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The link */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SignInLink"];
                };
            };
            /** @description Not an admin */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description No such reviewer */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The reviewer is disabled */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    disableReviewer: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                reviewer_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The reviewer */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Reviewer"];
                };
            };
            /** @description Not an admin */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The owner */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    enableReviewer: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                reviewer_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The reviewer */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Reviewer"];
                };
            };
            /** @description Not an admin */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    getDeskSettings: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The rules */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["DeskSettings"];
                };
            };
        };
    };
    putDeskSettings: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "four_eyes": "rejections",
                 *       "sla_hours": {
                 *         "action_required": 168,
                 *         "collecting_data": null,
                 *         "manual_review": 24,
                 *         "running_checks": 1
                 *       }
                 *     }
                 */
                "application/json": components["schemas"]["DeskSettings"];
            };
        };
        responses: {
            /** @description The rules */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["DeskSettings"];
                };
            };
            /** @description Invalid rules */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Not an admin */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    getDeskCounts: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The counts */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["DeskCounts"];
                };
            };
        };
    };
    nextCase: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The case, now the caller's */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CaseResponse"];
                };
            };
            /** @description No case waits */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    getDeskMetrics: {
        parameters: {
            query?: {
                /** @description From (RFC 3339 or a date); default 30 days before `to`. */
                from?: string;
                /** @description Until, excluded (RFC 3339 or a date); default now on the environment's clock. */
                to?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The metrics */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Metrics"];
                };
            };
            /** @description Invalid period */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    bulkAssignCases: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "action": "assign",
                 *       "case_ids": [
                 *         "0190f1c2-0000-7000-8000-000000000001"
                 *       ],
                 *       "reviewer_id": null
                 *     }
                 */
                "application/json": components["schemas"]["BulkAssignment"];
            };
        };
        responses: {
            /** @description An outcome per case */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["BulkOutcomes"];
                };
            };
            /** @description No cases, more than 100, or a release naming a reviewer */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Assigning to someone else, and not an admin */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    listStuckChecks: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The stuck cases */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StuckCases"];
                };
            };
            /** @description Not an admin */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    listApprovals: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The pending approvals, oldest first */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Approvals"];
                };
            };
        };
    };
    getInbox: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The inbox */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Inbox"];
                };
            };
        };
    };
    readMentions: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["ReadMentions"];
            };
        };
        responses: {
            /** @description The inbox, mentions read */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Inbox"];
                };
            };
            /** @description Not a case id */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description No such case */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    listRemediationTemplates: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The templates */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Templates"];
                };
            };
        };
    };
    addRemediationTemplate: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "items": [
                 *         {
                 *           "message": "List every person who owns 25 % or more, or controls the company.",
                 *           "section": "ownership"
                 *         },
                 *         {
                 *           "document_kind": "ownership_document"
                 *         }
                 *       ],
                 *       "message": "Upload a shareholder register or an ownership chart signed by a director.",
                 *       "name": "Ownership unclear"
                 *     }
                 */
                "application/json": components["schemas"]["NewRemediationTemplate"];
            };
        };
        responses: {
            /** @description The template */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RemediationTemplate"];
                };
            };
            /** @description Invalid template (the field is named) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Not an admin */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The name is taken */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    updateRemediationTemplate: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                template_id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["NewRemediationTemplate"];
            };
        };
        responses: {
            /** @description The template */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RemediationTemplate"];
                };
            };
            /** @description Invalid template */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Not an admin */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description No such template here */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The name is taken */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    deleteRemediationTemplate: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                template_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Deleted */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Not an admin */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description No such template here */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    listMySessions: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The sessions */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Sessions"];
                };
            };
        };
    };
    endMySession: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                session_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Ended */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description No such session of yours */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    setMyPassword: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "current_password": null,
                 *       "password": "a long passphrase of mine"
                 *     }
                 */
                "application/json": components["schemas"]["NewPassword"];
            };
        };
        responses: {
            /** @description Set */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Too short or long, the name, or a wrong current password */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    startSecondFactor: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/json": components["schemas"]["SecondFactorStart"] | null;
            };
        };
        responses: {
            /** @description The new secret */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SecondFactorSetup"];
                };
            };
            /** @description The current authenticator's code is missing or wrong */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    confirmSecondFactor: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "code": "123456"
                 *     }
                 */
                "application/json": components["schemas"]["SecondFactorCode"];
            };
        };
        responses: {
            /** @description The reviewer, with `has_second_factor` */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Reviewer"];
                };
            };
            /** @description Not the code for now */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Nothing is being set up */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    listSessions: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The sessions */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Sessions"];
                };
            };
        };
    };
    endSession: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                session_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Ended */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description No such session */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    removeReviewer: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                reviewer_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The reviewer, with `removed_at` */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Reviewer"];
                };
            };
            /** @description Oneself */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The owner, or removed already */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    setReviewerRole: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                reviewer_id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "role": "senior"
                 *     }
                 */
                "application/json": components["schemas"]["RoleChange"];
            };
        };
        responses: {
            /** @description The reviewer */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Reviewer"];
                };
            };
            /** @description Oneself */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The owner, or a removed reviewer */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    listAuditEvents: {
        parameters: {
            query?: {
                /** @description Page number, from 0 (at most 100000); default 0. */
                page?: number;
                /** @description Items per page, within the list's bounds (see "Paging" in the guide); default per list. */
                limit?: number;
                /** @description One case's events: its id (UUID), or its public id (`KYB-…`). */
                case_id?: string;
                /** @description One reviewer's events. */
                reviewer_id?: string;
                /** @description At or after (RFC 3339 or a date), on the environment's clock. */
                from?: string;
                /** @description Before (RFC 3339 or a date). */
                to?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description One page of events */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Page_AuditEvent"];
                };
            };
            /** @description Invalid filter */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    exportAudit: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description application/x-ndjson */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/x-ndjson": unknown;
                };
            };
        };
    };
    verifyAudit: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The verification */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Verified"];
                };
            };
        };
    };
    auditStatus: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The last verification */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ChainStatus"];
                };
            };
        };
    };
    acknowledgeAudit: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "note": "The database was edited while Docket was stopped; restored from the 09:00 backup.",
                 *       "problems": [
                 *         1164
                 *       ]
                 *     }
                 */
                "application/json": components["schemas"]["Acknowledge"];
            };
        };
        responses: {
            /** @description The verification after the acknowledgement */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Verified"];
                };
            };
            /** @description Invalid request */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Not a console admin */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description No such problem, or acknowledged already */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    getDataStatus: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The data directory */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["DataStatus"];
                };
            };
            /** @description Not the machine's owner */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    getDatabaseKey: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The key */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["DatabaseKeyView"];
                };
            };
            /** @description Not the machine's owner */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The database is not encrypted */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    takeBackup: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The backup taken */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["BackupRecord"];
                };
            };
            /** @description The folder cannot be written */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Not the machine's owner */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    putBackupSettings: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "daily": true,
                 *       "folder": "/mnt/usb/docket-backups",
                 *       "keep": 14
                 *     }
                 */
                "application/json": components["schemas"]["BackupSettingsChange"];
            };
        };
        responses: {
            /** @description The settings */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["BackupSettings"];
                };
            };
            /** @description A relative folder, or keep out of range */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Not the machine's owner */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    listErasures: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The erasure log */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Erasures"];
                };
            };
        };
    };
    getRetention: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The settings */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RetentionSettings"];
                };
            };
        };
    };
    putRetention: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "deliveries_days": 14,
                 *       "journal_days": 3,
                 *       "search_history_days": 1825
                 *     }
                 */
                "application/json": components["schemas"]["RetentionChange"];
            };
        };
        responses: {
            /** @description The settings */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RetentionSettings"];
                };
            };
            /** @description A value out of range */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Not an admin */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    deepfakeStream: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Switching to the WebSocket protocol */
            101: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description An `applicant_id` that is not a UUID */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description No such applicant */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Not a WebSocket upgrade request */
            426: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The credential has 4 streams open already (or the server 64) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    listDeepfakeAnalyses: {
        parameters: {
            query?: {
                /** @description Page number, from 0 (at most 100000); default 0. */
                page?: number;
                /** @description Items per page, within the list's bounds (see "Paging" in the guide); default per list. */
                limit?: number;
                /** @description The applicant's id. */
                applicant_id?: string;
                /** @description `stream` or `upload`. */
                source?: string;
                /** @description `completed` or `error`. */
                status?: string;
                /** @description `clear`, `suspicious` or `alert`. */
                verdict?: string;
                /** @description Created at or after (RFC 3339, or `YYYY-MM-DD`). */
                created_from?: string;
                /** @description Created before (RFC 3339, or `YYYY-MM-DD`). */
                created_to?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description One page of analyses */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Page_DeepfakeAnalysis"];
                };
            };
            /** @description Invalid paging or filter (the field named) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    createDeepfakeAnalysis: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "multipart/form-data": Record<string, never>;
            };
        };
        responses: {
            /** @description The analysis */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["DeepfakeAnalysis"];
                };
            };
            /** @description Malformed form, no file, or an `applicant_id` that is not a UUID */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description No such applicant */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Larger than 100 MiB */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Not a picture or video of the kinds above, by its content */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    getDeepfakeAnalysis: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The analysis */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["DeepfakeAnalysis"];
                };
            };
            /** @description No such analysis */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    listProfiles: {
        parameters: {
            query?: {
                /** @description Page number, from 0 (at most 100000); default 0. */
                page?: number;
                /** @description Items per page, within the list's bounds (see "Paging" in the guide); default per list. */
                limit?: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description One page of profiles */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Page_Profile"];
                };
            };
        };
    };
    createProfile: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "description": "EU customers",
                 *       "name": "Passport and liveness",
                 *       "settings": {
                 *         "countries": [
                 *           "FR",
                 *           "DE"
                 *         ],
                 *         "face_comparison_allowed_documents": [
                 *           "selfie",
                 *           "liveness_photo"
                 *         ],
                 *         "face_comparison_required": true,
                 *         "poi_allowed_documents": [
                 *           "passport"
                 *         ],
                 *         "poi_required": true
                 *       }
                 *     }
                 */
                "application/json": components["schemas"]["ProfileInput"];
            };
        };
        responses: {
            /** @description The new profile's id, and the members of the body that were ignored */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CreatedProfile"];
                };
            };
            /** @description Invalid settings (the field named) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The name is taken */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    getProfile: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                profile_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The profile, with its link if it has one */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Profile"];
                };
            };
            /** @description No such profile */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    updateProfile: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                profile_id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["ProfileInput"];
            };
        };
        responses: {
            /** @description `Profile updated`, and the members of the body that were ignored */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["UpdatedProfile"];
                };
            };
            /** @description Invalid settings */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description No such profile */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The name is taken */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    archiveProfile: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                profile_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description `Profile archived` */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Message"];
                };
            };
            /** @description No such profile */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description It is the default profile */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    setDefaultProfile: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                profile_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description `Default profile set` */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Message"];
                };
            };
            /** @description No such profile */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The profile is archived */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    createLink: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                profile_id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "expiration_in_minutes": 240
                 *     }
                 */
                "application/json": components["schemas"]["LinkInput"];
            };
        };
        responses: {
            /** @description The link's id */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["LinkAnswer"];
                };
            };
            /** @description The profile has a link already, or invalid options */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description No such profile */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    changeLink: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                link_id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["LinkInput"];
            };
        };
        responses: {
            /** @description The link's id */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["LinkAnswer"];
                };
            };
            /** @description Invalid options */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description No such link */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    archiveLink: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                link_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The link's id */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["LinkAnswer"];
                };
            };
            /** @description No such link */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    unarchiveLink: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                link_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The link's id */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["LinkAnswer"];
                };
            };
            /** @description No such link */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    listVerifications: {
        parameters: {
            query?: {
                /** @description Page number, from 0 (at most 100000); default 0. */
                page?: number;
                /** @description Items per page, within the list's bounds (see "Paging" in the guide); default per list. */
                limit?: number;
                /** @description Part of the applicant's name, case- and accent-insensitive. */
                name?: string;
                /** @description The document's country (ISO 3166-1 alpha-2). */
                country?: string;
                /** @description Created at or after (RFC 3339, or `YYYY-MM-DD`). */
                from?: string;
                /** @description Created before (RFC 3339, or `YYYY-MM-DD`: before that day). */
                to?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description One page of verifications */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Page_Verification"];
                };
            };
            /** @description Invalid paging or filter */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    createVerification: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "applicant_id": "01928f2a-7b1c-7d3e-8f00-3c1d2e4f5a6b",
                 *       "expiration_minutes": 240
                 *     }
                 */
                "application/json": components["schemas"]["VerificationInput"];
            };
        };
        responses: {
            /** @description The new verification, `initial` */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Verification"];
                };
            };
            /** @description Invalid data (the field named) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description No such applicant or profile */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    getVerification: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                verification_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The verification */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Verification"];
                };
            };
            /** @description No such verification */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    eraseVerification: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                verification_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Erased: the erasure log's entry */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Erasure"];
                };
            };
            /** @description A console reviewer who is not an admin */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description No such verification */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    getVerificationByShortId: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                short_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The verification */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Verification"];
                };
            };
            /** @description No such verification in this environment */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    listApplicantVerifications: {
        parameters: {
            query?: {
                /** @description Page number, from 0 (at most 100000); default 0. */
                page?: number;
                /** @description Items per page, within the list's bounds (see "Paging" in the guide); default per list. */
                limit?: number;
            };
            header?: never;
            path: {
                applicant_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description One page of the applicant's verifications */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Page_Verification"];
                };
            };
            /** @description No such applicant */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    proceedVerification: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                verification_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The verification, `in_progress` */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Verification"];
                };
            };
            /** @description Documents are missing */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MissingDocuments"];
                };
            };
            /** @description No such verification */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Its status does not allow it */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    cancelVerification: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                verification_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The verification, `canceled` */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Verification"];
                };
            };
            /** @description No such verification */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description It is finished */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    cancelVerificationByPost: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                verification_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The verification, `canceled` */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Verification"];
                };
            };
            /** @description No such verification */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description It is finished */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    uploadDocument: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                applicant_id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "multipart/form-data": Record<string, never>;
            };
        };
        responses: {
            /** @description The stored document */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["UploadAnswer"];
                };
            };
            /** @description Malformed form or unknown document type */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description No such applicant */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The open verification expired (8000) or holds too many documents (9000) */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Larger than 20 MiB, or a picture too large to decode (over 16,384 pixels a side, 60 megapixels or 320 MiB decoded) */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Not a PDF or a JPEG, PNG or WebP picture by its content, or damaged or cut short */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Heavy work on documents must wait: try again after `Retry-After` seconds */
            503: {
                headers: {
                    /** @description Seconds to wait */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    downloadDocument: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                document_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The file */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description No such document */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    eraseDocument: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                document_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Erased: the tombstone */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApplicantFile"];
                };
            };
            /** @description A console reviewer who is not an admin */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description No such document */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description A decided or running verification relies on it */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Erased already (the message says by whom and when) */
            410: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    listApplicantDocuments: {
        parameters: {
            query?: {
                /** @description Page number, from 0 (at most 100000); default 0. */
                page?: number;
                /** @description Items per page, within the list's bounds (see "Paging" in the guide); default per list. */
                limit?: number;
            };
            header?: never;
            path: {
                applicant_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description One page of documents */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Page_ApplicantFile"];
                };
            };
            /** @description Invalid paging */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description No such applicant */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    downloadDocumentPreview: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                document_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The preview, image/jpeg */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description No such document */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description No preview can be made of this document (a PDF without a picture where poppler-utils is not installed, or one poppler cannot render within its bounds; the message says which) */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Heavy work on documents must wait: try again after `Retry-After` seconds */
            503: {
                headers: {
                    /** @description Seconds to wait */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    recordVerificationOutcome: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                verification_id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "check": "face_comparison",
                 *       "errors": [
                 *         4001
                 *       ],
                 *       "note": "Different person",
                 *       "verified": false
                 *     }
                 */
                "application/json": components["schemas"]["ReviewerOutcome"];
            };
        };
        responses: {
            /** @description The verification (the outcome waits its minute) */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Verification"];
                };
            };
            /** @description Unknown check or error code, or a failure without a code */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description No such verification */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Not waiting for this outcome, or one waits already */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    undoVerificationOutcome: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                verification_id: string;
                /** @description `document_mrz`, `document_ocr`, `face_comparison`, `liveness` or `poa` */
                check: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The verification */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Verification"];
                };
            };
            /** @description Unknown check */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description No such verification */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description No outcome waiting, or its minute has passed */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    recordVerificationReading: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                verification_id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "birth_date": "1987-12-24",
                 *       "document_number": "C01X00T47",
                 *       "full_name": "Anna Schmidt",
                 *       "nationality": "DEU"
                 *     }
                 */
                "application/json": components["schemas"]["ReadingFields"];
            };
        };
        responses: {
            /** @description The verification's file with the comparison */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["VerificationFile"];
                };
            };
            /** @description A field that is not a date or a country, or nothing read */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description No such verification */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The verification does not wait for a reviewer */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    getVerificationFile: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                verification_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The documents and the timeline */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["VerificationFile"];
                };
            };
            /** @description No such verification */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    uploadBankStatement: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                applicant_id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "multipart/form-data": Record<string, never>;
            };
        };
        responses: {
            /** @description The statement and what was read from it */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["BankStatement"];
                };
            };
            /** @description Malformed form, or no file part */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description No such applicant */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Larger than 20 MiB, or a picture too large to decode */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Not a PDF, JPEG or PNG file by its content, or damaged or cut short */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Heavy work on documents must wait: try again after `Retry-After` seconds */
            503: {
                headers: {
                    /** @description Seconds to wait */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    listBankStatements: {
        parameters: {
            query?: {
                /** @description Page number, from 0 (at most 100000); default 0. */
                page?: number;
                /** @description Items per page, within the list's bounds (see "Paging" in the guide); default per list. */
                limit?: number;
                /** @description One applicant's statements. */
                applicant_id?: string;
                /** @description `extracted` or `needs_review`. */
                status?: string;
                /** @description Created at or after (RFC 3339, or `YYYY-MM-DD`). */
                created_from?: string;
                /** @description Created before (RFC 3339, or `YYYY-MM-DD`). */
                created_to?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description One page of statements */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Page_BankStatement"];
                };
            };
            /** @description Invalid paging or filter */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    getBankStatement: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The statement and what was read from it */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["BankStatement"];
                };
            };
            /** @description No such statement */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    getBankStatementFile: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The file */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/octet-stream": unknown;
                };
            };
            /** @description No such statement */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    listEmailChecks: {
        parameters: {
            query?: {
                /** @description Page number, from 0 (at most 100000); default 0. */
                page?: number;
                /** @description Items per page, within the list's bounds (see "Paging" in the guide); default per list. */
                limit?: number;
                /** @description The address, any case. */
                email?: string;
                /** @description Created at or after (RFC 3339, or `YYYY-MM-DD`). */
                created_from?: string;
                /** @description Created before (RFC 3339, or `YYYY-MM-DD`). */
                created_to?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description One page of checks */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Page_EmailCheck"];
                };
            };
            /** @description Invalid paging or bounds */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    createEmailCheck: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "email": "anna.berg@example.com",
                 *       "locale": "de",
                 *       "require_ownership": true
                 *     }
                 */
                "application/json": components["schemas"]["NewEmailCheck"];
            };
        };
        responses: {
            /** @description The check */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["EmailCheck"];
                };
            };
            /** @description Invalid input (the field named) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description No such applicant */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The address's codes or wrong codes of the day are used up (`Retry-After`) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    getEmailCheck: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The check */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["EmailCheck"];
                };
            };
            /** @description No such check */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    eraseEmailCheck: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Erased: the erasure log's entry */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Erasure"];
                };
            };
            /** @description A console reviewer who is not an admin */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description No such check */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    resendEmailCode: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The check with its new code's expiry */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["EmailCheck"];
                };
            };
            /** @description No such check */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description No ownership asked, already verified, locked, or within the minute */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The address's codes or wrong codes of the day are used up (`Retry-After`) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    verifyEmailCode: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "check_id": "01936f6e-2a00-7000-8000-000000000001",
                 *       "code": "123456"
                 *     }
                 */
                "application/json": components["schemas"]["VerifyInput"];
            };
        };
        responses: {
            /** @description The outcome */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["OtpAnswer"];
                };
            };
            /** @description Invalid input, or the check asked for no ownership */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description No such check */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The address's wrong codes of the day are used up (`Retry-After`) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    listEmailOutbox: {
        parameters: {
            query?: {
                /** @description Page number, from 0 (at most 100000); default 0. */
                page?: number;
                /** @description Items per page, within the list's bounds (see "Paging" in the guide); default per list. */
                limit?: number;
                /** @description One check's messages. */
                check_id?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description One page of messages */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Page_EmailMessage"];
                };
            };
        };
    };
    clearEmailOutbox: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description How many messages went */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["OutboxCleared"];
                };
            };
            /** @description Not the sandbox */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    verifyNondoc: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                applicant_id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "request_data": {
                 *         "bvn": "22345678901"
                 *       },
                 *       "verification_type": "NONDOC_NIGERIA_BVN_BASIC"
                 *     }
                 */
                "application/json": components["schemas"]["NewNondocCheck"];
            };
        };
        responses: {
            /** @description The check */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["NondocCheck"];
                };
            };
            /** @description Unknown verification type, or a missing or malformed field (named) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description No such applicant */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    listNondocChecks: {
        parameters: {
            query?: {
                /** @description Page number, from 0 (at most 100000); default 0. */
                page?: number;
                /** @description Items per page, within the list's bounds (see "Paging" in the guide); default per list. */
                limit?: number;
                /** @description `NONDOC_NIGERIA_BVN_BASIC`, `NONDOC_NIGERIA_NIN` or `NONDOC_NATIONAL_ID`. */
                verification_type?: string;
                /** @description `passed`, `failed` or `needs_review`. */
                status?: string;
                /** @description Created at or after (RFC 3339, or `YYYY-MM-DD`). */
                created_from?: string;
                /** @description Created before (RFC 3339, or `YYYY-MM-DD`). */
                created_to?: string;
            };
            header?: never;
            path: {
                applicant_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description One page of checks */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Page_NondocCheck"];
                };
            };
            /** @description Invalid paging, filter or bounds */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description No such applicant */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    getNondocCheck: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The check */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["NondocCheck"];
                };
            };
            /** @description No such check */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    listNondocTypes: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Every identifier */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["NondocIdType"][];
                };
            };
        };
    };
    listKytChecks: {
        parameters: {
            query?: {
                /** @description Page number, from 0 (at most 100000); default 0. */
                page?: number;
                /** @description Items per page, within the list's bounds (see "Paging" in the guide); default per list. */
                limit?: number;
                /** @description The chain (`bitcoin`, `ethereum`, ... or a ticker). */
                chain?: string;
                /** @description The address, as given or in its canonical form. */
                address?: string;
                /** @description Checks of one applicant. */
                applicant_id?: string;
                /** @description `Low`, `Medium`, `High` or `Severe` (any case). */
                risk_level?: string;
                /** @description Created at or after (RFC 3339, or `YYYY-MM-DD`). */
                created_from?: string;
                /** @description Created before (RFC 3339, or `YYYY-MM-DD`). */
                created_to?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description One page of checks */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Page_KytCheck"];
                };
            };
            /** @description Invalid paging or filter */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    createKytCheck: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "address": "bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4",
                 *       "chain": "bitcoin",
                 *       "monitor": true
                 *     }
                 */
                "application/json": components["schemas"]["NewKytCheck"];
            };
        };
        responses: {
            /** @description The check */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["KytCheck"];
                };
            };
            /** @description Invalid input (the field named) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description No such applicant */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    getKytCheck: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The check */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["KytCheck"];
                };
            };
            /** @description No such check */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    listKytMonitors: {
        parameters: {
            query?: {
                /** @description Page number, from 0 (at most 100000); default 0. */
                page?: number;
                /** @description Items per page, within the list's bounds (see "Paging" in the guide); default per list. */
                limit?: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description One page of monitored addresses */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Page_KytMonitor"];
                };
            };
            /** @description Invalid paging */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    stopKytMonitor: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The check that started the monitoring */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The stopped monitor */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["KytMonitor"];
                };
            };
            /** @description No monitoring started by this check */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    listAllTransmonRules: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The rules */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RuleList"];
                };
            };
        };
    };
    createTransmonRule: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "action": "reject",
                 *       "causes": [
                 *         "NEW_USER",
                 *         "HI_PR"
                 *       ],
                 *       "event_type": "payment_pre",
                 *       "expression": "event.user_ds_registration == 0 && event.checkout_price > 1000",
                 *       "name": "New user, high price",
                 *       "rank": 10,
                 *       "status": "active"
                 *     }
                 */
                "application/json": components["schemas"]["NewRule"];
            };
        };
        responses: {
            /** @description The new rule's id */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/plain": string;
                };
            };
            /** @description Invalid field, or an expression that does not compile */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    getTransmonRule: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                rule_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The rule */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MonitoringRule"];
                };
            };
            /** @description No such rule */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    updateTransmonRule: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                rule_id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["NewRule"];
            };
        };
        responses: {
            /** @description The rule */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MonitoringRule"];
                };
            };
            /** @description Invalid field, or an expression that does not compile */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description No such rule */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description A built-in rule */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    deleteTransmonRule: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                rule_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Removed */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description No such rule */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description A built-in rule */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    listTransmonRules: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                event_type: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The rules */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RuleList"];
                };
            };
            /** @description Unknown event type */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    activateTransmonRule: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                rule_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The rule */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MonitoringRule"];
                };
            };
            /** @description No such rule */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    deactivateTransmonRule: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                rule_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The rule */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MonitoringRule"];
                };
            };
            /** @description No such rule */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    validateTransmonExpression: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "event_type": "payment_pre",
                 *       "expression": "event.amount > 1000"
                 *     }
                 */
                "application/json": components["schemas"]["ValidateInput"];
            };
        };
        responses: {
            /** @description The check */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Validation"];
                };
            };
            /** @description No expression */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    tryTransmonExpression: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["TryRequest"];
            };
        };
        responses: {
            /** @description Whether it fires, and why not when it failed */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Tried"];
                };
            };
            /** @description An expression that does not compile, or invalid event fields */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description No such event */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    sendTransmonTransaction: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "amount": "560.00",
                 *       "applicant_id": "0193a7a2-0000-7000-8000-000000000001",
                 *       "currency_code": "EUR",
                 *       "payee_alias": "John Doe",
                 *       "payee_country_cd": "US",
                 *       "user_ds_registration": 3
                 *     }
                 */
                "application/json": Record<string, never>;
            };
        };
        responses: {
            /** @description The event's id */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Submitted"];
                };
            };
            /** @description A missing or invalid field (named), or an unknown applicant */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    sendTransmonPayment: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "applicant_id": "0193a7a2-0000-7000-8000-000000000001",
                 *       "checkout_billing_country": "DE",
                 *       "checkout_card_bin": "259703",
                 *       "checkout_isguest": false,
                 *       "checkout_price": "560.00"
                 *     }
                 */
                "application/json": Record<string, never>;
            };
        };
        responses: {
            /** @description The event's id */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Submitted"];
                };
            };
            /** @description A missing or invalid field (named), or an unknown applicant */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    listTransmonEvents: {
        parameters: {
            query?: {
                /** @description Page number, from 0 (at most 100000); default 0. */
                page?: number;
                /** @description Items per page, within the list's bounds (see "Paging" in the guide); default per list. */
                limit?: number;
                /** @description One applicant's events. */
                applicant_id?: string;
                /** @description `transaction` or `payment`. */
                event_type?: string;
                /** @description `allow`, `review` or `reject`. */
                decision?: string;
                /** @description Received at or after (RFC 3339 or a date), on the environment's clock. */
                from?: string;
                /** @description Received before. */
                to?: string;
                /**
                 * @description Flagged events by their review's disposition: `cleared`, `escalated`, `reported`, or
                 *     `none` (flagged, not disposed of yet).
                 */
                disposition?: string;
                /** @description Flagged events by who works them: a console reviewer's id, or `none` (nobody yet). */
                assignee?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description One page of results */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Page_MonitoringResult"];
                };
            };
            /** @description Invalid filter */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    getTransmonEvent: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                event_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The result */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MonitoringResult"];
                };
            };
            /** @description No such event */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    disposeTransmonEvent: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                event_id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "disposition": "cleared",
                 *       "note": "Known supplier; invoice on file."
                 *     }
                 */
                "application/json": components["schemas"]["MonitoringDispositionInput"];
            };
        };
        responses: {
            /** @description The event with its review */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MonitoringResult"];
                };
            };
            /** @description Unknown disposition or no note */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description No such event */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The event was not flagged */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    assignTransmonEvent: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                event_id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "reviewer_id": "01920b6e-1f00-7b2a-8e33-1c2d3e4f5a6b"
                 *     }
                 */
                "application/json": components["schemas"]["MonitoringAssigneeInput"];
            };
        };
        responses: {
            /** @description The event with its review */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MonitoringResult"];
                };
            };
            /** @description No such reviewer, or a disabled one */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Assigning someone else needs a senior or an admin */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description No such event */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The event was not flagged */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    getTransmonApplicantStats: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                applicant_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The statistics */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApplicantStats"];
                };
            };
            /** @description No such applicant */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    backtestTransmonRules: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "from": "2026-01-01",
                 *       "rules": [
                 *         {
                 *           "causes": [
                 *             "VELOCITY_1D"
                 *           ],
                 *           "event_type": "transaction_post",
                 *           "expression": "stats.last1d.transactions_count >= 2",
                 *           "name": "Two or more today",
                 *           "rank": 5,
                 *           "status": "active"
                 *         }
                 *       ]
                 *     }
                 */
                "application/json": components["schemas"]["BacktestRequest"];
            };
        };
        responses: {
            /** @description The report */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Backtest"];
                };
            };
            /** @description Invalid period or draft rule (named), or too many events */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    getOrganizationSettings: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The settings */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["OrganizationSettings"];
                };
            };
            /** @description Not an admin signed in to the console */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    putOrganizationSettings: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "frame_origins": [
                 *         "https://shop.example.com",
                 *         "http://localhost:5173"
                 *       ]
                 *     }
                 */
                "application/json": components["schemas"]["OrganizationSettingsChange"];
            };
        };
        responses: {
            /** @description The settings as set */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["OrganizationSettings"];
                };
            };
            /** @description An origin that is not accepted (the message says why), more than 20, or an unknown field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Not an admin signed in to the console */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    listImports: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The import jobs */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ImportJobs"];
                };
            };
        };
    };
    importList: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "multipart/form-data": {
                    /**
                     * @description The files' format: `us-csl`, `ofac-sdn`, `un-xml` or `ftm` (as `docket lists import
                     *     --format`). Send it before the files to have a wrong one refused before they are sent.
                     * @example us-csl
                     */
                    format: string;
                    /**
                     * @description The list file(s), one part each: one CSV for us-csl; sdn.csv and optionally alt.csv and
                     *     add.csv for ofac-sdn; one XML for un-xml; one or more JSON-lines files for ftm. Gzipped
                     *     files are read as they are.
                     */
                    file: number[][];
                    /**
                     * @description `true` lets the import shrink the list's active snapshot to less than half its entities
                     *     (refused with 409 otherwise: a cut or wrong file would blind production's screening).
                     * @example false
                     */
                    replace?: string | null;
                };
            };
        };
        responses: {
            /** @description Accepted; the import runs in the background */
            202: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ImportJob"];
                };
            };
            /** @description No format or an unknown one, no file, or a malformed form */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description A sandbox key; or not the default organization (the lists are shared by all) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Larger than 1 GiB */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Not multipart/form-data */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    getImport: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The job's id */
                import_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The job */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ImportJob"];
                };
            };
            /** @description No such job (jobs are kept in memory: the last 20) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    getKybWidget: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The case's widget token (from `widget_url`) */
                token: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The widget's state */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WidgetView"];
                };
            };
            /** @description The link has expired */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description No such link */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    saveKybWidgetSection: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                token: string;
                /** @description `company`, `representative` or `ownership` */
                section: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": Record<string, never>;
            };
        };
        responses: {
            /** @description The widget's state */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WidgetView"];
                };
            };
            /** @description Invalid values */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The section cannot change now */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    uploadKybWidgetDocument: {
        parameters: {
            query?: {
                /**
                 * @description `certificate_of_incorporation`, `ownership_document` or `proof_of_address` (or send it
                 *     as a form field `kind` before the file).
                 */
                kind?: string;
            };
            header?: never;
            path: {
                token: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "multipart/form-data": Record<string, never>;
            };
        };
        responses: {
            /** @description The widget's state */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WidgetView"];
                };
            };
            /** @description Malformed form */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Larger than 20 MiB, or a picture too large to decode (over 16,384 pixels a side, 60 megapixels or 320 MiB decoded) */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Not a PDF or a JPEG, PNG or WebP picture by its content, or damaged or cut short */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Heavy work on documents must wait: try again after `Retry-After` seconds */
            503: {
                headers: {
                    /** @description Seconds to wait */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    getKybWidgetDocument: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                token: string;
                file_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The file */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description No such document */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    removeKybWidgetDocument: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                token: string;
                file_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The widget's state */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WidgetView"];
                };
            };
            /** @description No such document */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Documents cannot change now */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    submitKybWidget: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                token: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The widget's state */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WidgetView"];
                };
            };
            /** @description Incomplete sections (named) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Already submitted */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    getSdkVerification: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description `verification_url_id` */
                short_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The verification */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PersonView"];
                };
            };
            /** @description No such verification */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    uploadSdkDocument: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                short_id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "multipart/form-data": Record<string, never>;
            };
        };
        responses: {
            /** @description The stored document */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["UploadAnswer"];
                };
            };
            /** @description Malformed form */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description No such verification */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Expired (8000), too many documents (9000) or no longer open */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Larger than 20 MiB, or a picture too large to decode (over 16,384 pixels a side, 60 megapixels or 320 MiB decoded) */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Not a PDF or a JPEG, PNG or WebP picture by its content, or damaged or cut short */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Heavy work on documents must wait: try again after `Retry-After` seconds */
            503: {
                headers: {
                    /** @description Seconds to wait */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    proceedSdkVerification: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                short_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The verification */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PersonView"];
                };
            };
            /** @description Documents or fields are missing */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MissingDocuments"];
                };
            };
            /** @description No such verification */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description It is no longer open */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    setSdkCountry: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                short_id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "country": "DE"
                 *     }
                 */
                "application/json": components["schemas"]["CountryInput"];
            };
        };
        responses: {
            /** @description Kept (no body) */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Unknown or refused country */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description No such verification */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description It is no longer open */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    setSdkFields: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                short_id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "custom_fields": {},
                 *       "dob": "1990-02-03",
                 *       "full_name": "Ana Silva"
                 *     }
                 */
                "application/json": components["schemas"]["PersonFields"];
            };
        };
        responses: {
            /** @description `Fields saved` */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Message"];
                };
            };
            /** @description A value is invalid or not asked for */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description No such verification */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description It is no longer open */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    getSdkLink: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                link_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The link */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PersonLink"];
                };
            };
            /** @description The link is archived */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description No such link */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    startSdkLink: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                link_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The new verification */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PersonView"];
                };
            };
            /** @description The link is archived */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description No such link */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    listCountries: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The countries */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CountryEntry"][];
                };
            };
        };
    };
    removeSdkDocument: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                short_id: string;
                document_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The verification */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PersonView"];
                };
            };
            /** @description Not a document id */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description No such verification, or no such document in it */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description It is no longer open */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    getSdkDocumentPreview: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                short_id: string;
                document_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The preview, image/jpeg */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description No such verification, or no such document in it */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description No preview can be made of this document */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Heavy work on documents must wait */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    consoleLogin: {
        parameters: {
            query?: {
                /** @description The link's one-time token. */
                token?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Signed in; the cookie is set and `Location` is the console (`/`) */
            303: {
                headers: {
                    /** @description docket_session=...; HttpOnly; SameSite=Strict; Path=/; Max-Age=2592000 */
                    "Set-Cookie"?: string;
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description The link was used, has expired, or is unknown */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    consoleSignIn: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "code": "123456",
                 *       "name": "Ada Okafor",
                 *       "password": "a long passphrase of mine"
                 *     }
                 */
                "application/json": components["schemas"]["SignIn"];
            };
        };
        responses: {
            /** @description Signed in; the cookie is set */
            204: {
                headers: {
                    /** @description docket_session=...; HttpOnly; SameSite=Strict; Path=/; Max-Age=2592000 */
                    "Set-Cookie"?: string;
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description The name, password or code is not right */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Too many failures: wait `Retry-After` seconds */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    consoleLogout: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Signed out; the cookie is cleared */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    health: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The server is up */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Health"];
                };
            };
        };
    };
    eventAmlScreening: {
        parameters: {
            query?: never;
            header: {
                /** @description `t=<unix seconds>,v1=<hex>`; two `v1` entries while a rotated-out secret is still valid. */
                "X-Webhook-Signature": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "event_type": "AML_SCREENING",
                 *       "id": "01920b71-0000-7000-8000-000000000003",
                 *       "payload": {
                 *         "applicant_id": "01920b6e-1f00-7b2a-8e33-1c2d3e4f5a6b",
                 *         "completed_at": "2026-11-22T09:00:00Z",
                 *         "external_id": "external_id_123",
                 *         "risk_score": {
                 *           "type": "High"
                 *         },
                 *         "screening_id": "01920b6e-7a10-7c3e-9d51-3f0e2b7f4a11",
                 *         "search_request": {
                 *           "full_name": "Ivan Sanctionov",
                 *           "fuzziness": true,
                 *           "fuzziness_level": 1,
                 *           "mode": 0,
                 *           "phonetics": true
                 *         },
                 *         "search_response": {
                 *           "algorithm": "docket-names-2",
                 *           "data": [],
                 *           "fatf_records": [],
                 *           "lists": [],
                 *           "max_risk_score": "High",
                 *           "request": {
                 *             "full_name": "Ivan Sanctionov"
                 *           },
                 *           "requested_name": "Ivan Sanctionov",
                 *           "search_uuid": "01920b6e-7a10-7c3e-9d51-3f0e2b7f4a11",
                 *           "searched_at": "2026-11-22T09:00:00Z",
                 *           "threshold": 0.75
                 *         },
                 *         "search_result": {
                 *           "algorithm": "docket-names-2",
                 *           "data": [],
                 *           "fatf_records": [],
                 *           "lists": [],
                 *           "max_risk_score": "High",
                 *           "request": {
                 *             "full_name": "Ivan Sanctionov"
                 *           },
                 *           "requested_name": "Ivan Sanctionov",
                 *           "search_uuid": "01920b6e-7a10-7c3e-9d51-3f0e2b7f4a11",
                 *           "searched_at": "2026-11-22T09:00:00Z",
                 *           "threshold": 0.75
                 *         }
                 *       },
                 *       "timestamp": "2026-11-22T09:00:00.000Z",
                 *       "webhook_id": "01920b72-0000-7000-8000-000000000004"
                 *     }
                 */
                "application/json": {
                    event_type: string;
                    /**
                     * Format: uuid
                     * @description The delivery's id, the same on every attempt.
                     */
                    id: string;
                    payload: {
                        /** Format: uuid */
                        applicant_id: string;
                        /** Format: date-time */
                        completed_at: string;
                        external_id?: string | null;
                        risk_score: {
                            type?: components["schemas"]["RiskScore"] | null;
                        };
                        /**
                         * Format: uuid
                         * @description The search's id in the AML history.
                         */
                        screening_id: string;
                        search_request: components["schemas"]["SearchRequest"];
                        search_response: components["schemas"]["SearchReport"];
                        /** @description The same report, under the older examples' name. */
                        search_result?: components["schemas"]["SearchReport"];
                    };
                    /**
                     * Format: date-time
                     * @description When the event happened (the environment's clock).
                     */
                    timestamp: string;
                    /** Format: uuid */
                    webhook_id: string;
                };
            };
        };
        responses: {
            /** @description Any 2xx within the timeout acknowledges the delivery. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Gone: Docket disables the endpoint and stops trying. */
            410: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Anything else, or no answer within the timeout, is retried on the schedule (or after `Retry-After`). */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    eventBankbookExtraction: {
        parameters: {
            query?: never;
            header: {
                /** @description `t=<unix seconds>,v1=<hex>`; two `v1` entries while a rotated-out secret is still valid. */
                "X-Webhook-Signature": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "event_type": "BANKBOOK_EXTRACTION",
                 *       "id": "01920b71-0000-7000-8000-000000000003",
                 *       "payload": {
                 *         "applicant_id": "01920b6e-1f00-7b2a-8e33-1c2d3e4f5a6b",
                 *         "created_at": "2026-03-31T09:00:00Z",
                 *         "editing_signs": [],
                 *         "fields": {
                 *           "bic": {
                 *             "evidence": {
                 *               "line": 3,
                 *               "page": 1,
                 *               "text": "IBAN:  DE89 3704 0044 0532 0130 00                   BIC:  COBADEFFXXX"
                 *             },
                 *             "valid": true,
                 *             "value": "COBADEFFXXX"
                 *           },
                 *           "closing_balance": {
                 *             "evidence": {
                 *               "line": 6,
                 *               "page": 1,
                 *               "text": "Closing balance                                 2.480,35 EUR"
                 *             },
                 *             "value": {
                 *               "amount": "2480.35",
                 *               "currency": "EUR"
                 *             }
                 *           },
                 *           "currency": {
                 *             "evidence": {
                 *               "line": 5,
                 *               "page": 1,
                 *               "text": "Opening balance                                 1.250,00 EUR"
                 *             },
                 *             "value": "EUR"
                 *           },
                 *           "holder": {
                 *             "evidence": {
                 *               "line": 2,
                 *               "page": 1,
                 *               "text": "Account holder:  Maximilian Otherperson"
                 *             },
                 *             "value": "Maximilian Otherperson"
                 *           },
                 *           "iban": {
                 *             "evidence": {
                 *               "line": 3,
                 *               "page": 1,
                 *               "text": "IBAN:  DE89 3704 0044 0532 0130 00                   BIC:  COBADEFFXXX"
                 *             },
                 *             "valid": true,
                 *             "value": "DE89370400440532013000"
                 *           },
                 *           "opening_balance": {
                 *             "evidence": {
                 *               "line": 5,
                 *               "page": 1,
                 *               "text": "Opening balance                                 1.250,00 EUR"
                 *             },
                 *             "value": {
                 *               "amount": "1250.00",
                 *               "currency": "EUR"
                 *             }
                 *           },
                 *           "period": {
                 *             "evidence": {
                 *               "line": 4,
                 *               "page": 1,
                 *               "text": "Statement period:  01.03.2026 - 31.03.2026"
                 *             },
                 *             "valid": true,
                 *             "value": {
                 *               "from": "2026-03-01",
                 *               "to": "2026-03-31"
                 *             }
                 *           }
                 *         },
                 *         "file_id": "01920b70-0000-7000-8000-000000000002",
                 *         "file_name": "statement-2026-03.pdf",
                 *         "holder_match": {
                 *           "applicant_name": "Erika Mustermann",
                 *           "level": "mismatch",
                 *           "score": 0
                 *         },
                 *         "id": "01920b70-0000-7000-8000-000000000001",
                 *         "media_type": "application/pdf",
                 *         "method": "text_layer",
                 *         "pages": 1,
                 *         "reasons": [
                 *           "the holder (Maximilian Otherperson) is not the applicant (Erika Mustermann)"
                 *         ],
                 *         "status": "needs_review"
                 *       },
                 *       "timestamp": "2026-11-22T09:00:00.000Z",
                 *       "webhook_id": "01920b72-0000-7000-8000-000000000004"
                 *     }
                 */
                "application/json": {
                    event_type: string;
                    /**
                     * Format: uuid
                     * @description The delivery's id, the same on every attempt.
                     */
                    id: string;
                    payload: Record<string, never>;
                    /**
                     * Format: date-time
                     * @description When the event happened (the environment's clock).
                     */
                    timestamp: string;
                    /** Format: uuid */
                    webhook_id: string;
                };
            };
        };
        responses: {
            /** @description Any 2xx within the timeout acknowledges the delivery. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Gone: Docket disables the endpoint and stops trying. */
            410: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Anything else, or no answer within the timeout, is retried on the schedule (or after `Retry-After`). */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    eventDeepfakeAnalysis: {
        parameters: {
            query?: never;
            header: {
                /** @description `t=<unix seconds>,v1=<hex>`; two `v1` entries while a rotated-out secret is still valid. */
                "X-Webhook-Signature": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "event_type": "DEEPFAKE_ANALYSIS",
                 *       "id": "01920b71-0000-7000-8000-000000000003",
                 *       "payload": {
                 *         "applicant_id": "01920b6e-1f00-7b2a-8e33-1c2d3e4f5a6b",
                 *         "completed_at": "2026-11-22T09:01:30.000Z",
                 *         "created_at": "2026-11-22T09:00:00.000Z",
                 *         "id": "019d4e99-0000-7000-8000-000000000001",
                 *         "is_sandbox": false,
                 *         "reason": "Docket cannot tell a deepfake offline: no detection model runs on this machine, so no verdict and no score are given. What was received is kept as evidence for a reviewer.",
                 *         "requested_by": "API key 01920b6a-0000-7000-8000-00000000000d",
                 *         "score": null,
                 *         "source": "stream",
                 *         "status": "error",
                 *         "stream": {
                 *           "audio_chunks": 1,
                 *           "bytes": 1301234,
                 *           "client_declared": {
                 *             "user_agent": "Python/3.12 aiohttp/3.11.18"
                 *           },
                 *           "duration_ms": 90000,
                 *           "end_detail": null,
                 *           "ended_at": "2026-11-22T09:01:30.000Z",
                 *           "ended_by": "client_closed",
                 *           "messages": 19,
                 *           "started_at": "2026-11-22T09:00:00.000Z",
                 *           "tracks": [
                 *             {
                 *               "bytes": 1253234,
                 *               "client_declared": {
                 *                 "first_timestamp_ms": 1795338000100,
                 *                 "last_timestamp_ms": 1795338085090,
                 *                 "participant_id": "pc-4f1e9a",
                 *                 "track_id": "video-0"
                 *               },
                 *               "first_received_at": "2026-11-22T09:00:00.120Z",
                 *               "format": "jpeg",
                 *               "frames": 18,
                 *               "height": 720,
                 *               "largest_frame_bytes": 74211,
                 *               "last_received_at": "2026-11-22T09:01:25.100Z",
                 *               "size_changed": false,
                 *               "width": 1280
                 *             },
                 *             {
                 *               "bytes": 48000,
                 *               "client_declared": {
                 *                 "first_timestamp_ms": 1795338004000,
                 *                 "last_timestamp_ms": 1795338004000,
                 *                 "participant_id": "pc-4f1e9a",
                 *                 "track_id": "audio-0"
                 *               },
                 *               "first_received_at": "2026-11-22T09:00:04.000Z",
                 *               "format": "pcm",
                 *               "frames": 1,
                 *               "height": null,
                 *               "largest_frame_bytes": 48000,
                 *               "last_received_at": "2026-11-22T09:00:04.000Z",
                 *               "size_changed": false,
                 *               "width": null
                 *             }
                 *           ],
                 *           "video_frames": 18
                 *         },
                 *         "upload": null,
                 *         "verdict": null
                 *       },
                 *       "timestamp": "2026-11-22T09:00:00.000Z",
                 *       "webhook_id": "01920b72-0000-7000-8000-000000000004"
                 *     }
                 */
                "application/json": {
                    event_type: string;
                    /**
                     * Format: uuid
                     * @description The delivery's id, the same on every attempt.
                     */
                    id: string;
                    payload: Record<string, never>;
                    /**
                     * Format: date-time
                     * @description When the event happened (the environment's clock).
                     */
                    timestamp: string;
                    /** Format: uuid */
                    webhook_id: string;
                };
            };
        };
        responses: {
            /** @description Any 2xx within the timeout acknowledges the delivery. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Gone: Docket disables the endpoint and stops trying. */
            410: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Anything else, or no answer within the timeout, is retried on the schedule (or after `Retry-After`). */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    eventDocver: {
        parameters: {
            query?: never;
            header: {
                /** @description `t=<unix seconds>,v1=<hex>`; two `v1` entries while a rotated-out secret is still valid. */
                "X-Webhook-Signature": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "event_type": "DOCVER",
                 *       "id": "01920b71-0000-7000-8000-000000000003",
                 *       "payload": {
                 *         "account_email": "",
                 *         "account_id": "01920b6a-0000-7000-8000-00000000000b",
                 *         "aml_search_id": null,
                 *         "applicant_id": "01920b6e-1f00-7b2a-8e33-1c2d3e4f5a6b",
                 *         "checks": {
                 *           "document_mrz": {
                 *             "data": {
                 *               "birth_date": "830812",
                 *               "country": "DEU",
                 *               "doc_number": "C01X00T47",
                 *               "document_type": "Passport",
                 *               "expiry_date": "340101",
                 *               "name": "ERIKA",
                 *               "nationality": "DEU",
                 *               "sex": "F",
                 *               "surname": "MUSTERMANN"
                 *             },
                 *             "decided_by": "sandbox",
                 *             "errors": [],
                 *             "pending_documents": [],
                 *             "status": "verified"
                 *           },
                 *           "document_ocr": {
                 *             "data": null,
                 *             "decided_by": "sandbox",
                 *             "errors": [],
                 *             "pending_documents": [],
                 *             "status": "verified"
                 *           },
                 *           "face_comparison": {
                 *             "data": null,
                 *             "decided_by": "sandbox",
                 *             "errors": [],
                 *             "pending_documents": [],
                 *             "status": "verified"
                 *           }
                 *         },
                 *         "completed_at": "2026-11-22T09:05:00.000Z",
                 *         "country_code": "DE",
                 *         "created_at": "2026-11-22T09:00:00.000Z",
                 *         "document_ids": [
                 *           "01920b70-0000-7000-8000-000000000002",
                 *           "01920b70-0000-7000-8000-000000000003"
                 *         ],
                 *         "document_type": "passport",
                 *         "documents": [
                 *           {
                 *             "content_type": "image/jpeg",
                 *             "document_id": "01920b70-0000-7000-8000-000000000002",
                 *             "document_type": "passport"
                 *           },
                 *           {
                 *             "content_type": "image/jpeg",
                 *             "document_id": "01920b70-0000-7000-8000-000000000003",
                 *             "document_type": "selfie"
                 *           }
                 *         ],
                 *         "duplicated_applicant_ids": [],
                 *         "expires_at": "2026-11-22T13:00:00.000Z",
                 *         "id": "01920b6f-0000-7000-8000-000000000001",
                 *         "is_sandbox": true,
                 *         "link_id": null,
                 *         "manual_fields": {},
                 *         "organization_id": "01920b6a-0000-7000-8000-00000000000a",
                 *         "poi_data": {
                 *           "birth_date": "1983-08-12",
                 *           "country": "DEU",
                 *           "document_number": "C01X00T47",
                 *           "expiry_date": "2034-01-01",
                 *           "full_name": "Erika Mustermann",
                 *           "has_mrz": true,
                 *           "issue_date": null,
                 *           "name": "Erika",
                 *           "nationality": "DEU",
                 *           "parsed_type": "passport",
                 *           "raw_mrz_type": "P",
                 *           "sex": "F",
                 *           "surname": "Mustermann"
                 *         },
                 *         "profile_id": "01920b6a-0000-7000-8000-00000000000c",
                 *         "settings": {
                 *           "allow_desktop": true,
                 *           "allow_poi_manual_uploads": false,
                 *           "area_filter_type": "include",
                 *           "countries": [],
                 *           "disable_cross_check_by_bio": false,
                 *           "disable_cross_check_by_photo": false,
                 *           "disable_verify_poa_country_match_with_poi": false,
                 *           "face_comparison_allowed_documents": [
                 *             "selfie"
                 *           ],
                 *           "face_comparison_required": true,
                 *           "finish_screen_settings": {
                 *             "enabled": false,
                 *             "settings": {
                 *               "cta": null,
                 *               "main_text": null,
                 *               "redirect_link": null,
                 *               "redirect_warning": null,
                 *               "title": null
                 *             }
                 *           },
                 *           "manual_field_settings": {
                 *             "address": null,
                 *             "certificate_of_incorporation": null,
                 *             "citizenship": null,
                 *             "country": null,
                 *             "custom_fields": [],
                 *             "description": null,
                 *             "dob": null,
                 *             "email": null,
                 *             "enabled": false,
                 *             "full_name": null,
                 *             "gender": null,
                 *             "ownership_document": null,
                 *             "phone": null
                 *           },
                 *           "poa_allowed_documents": [
                 *             "poa",
                 *             "poa_utility_bill",
                 *             "poa_bank_statement",
                 *             "poa_residence_registration"
                 *           ],
                 *           "poa_required": false,
                 *           "poi_allowed_documents": [
                 *             "passport",
                 *             "id_card",
                 *             "driver_license",
                 *             "residence_permit"
                 *           ],
                 *           "poi_required": true,
                 *           "regions": [],
                 *           "ui_settings": {}
                 *         },
                 *         "status": "verified",
                 *         "verification_url": "http://127.0.0.1:3625/v/V1A2B3C4D5E6F7A8B",
                 *         "verification_url_id": "V1A2B3C4D5E6F7A8B"
                 *       },
                 *       "timestamp": "2026-11-22T09:00:00.000Z",
                 *       "webhook_id": "01920b72-0000-7000-8000-000000000004"
                 *     }
                 */
                "application/json": {
                    event_type: string;
                    /**
                     * Format: uuid
                     * @description The delivery's id, the same on every attempt.
                     */
                    id: string;
                    payload: components["schemas"]["Verification"];
                    /**
                     * Format: date-time
                     * @description When the event happened (the environment's clock).
                     */
                    timestamp: string;
                    /** Format: uuid */
                    webhook_id: string;
                };
            };
        };
        responses: {
            /** @description Any 2xx within the timeout acknowledges the delivery. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Gone: Docket disables the endpoint and stops trying. */
            410: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Anything else, or no answer within the timeout, is retried on the schedule (or after `Retry-After`). */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    eventDocverChecks: {
        parameters: {
            query?: never;
            header: {
                /** @description `t=<unix seconds>,v1=<hex>`; two `v1` entries while a rotated-out secret is still valid. */
                "X-Webhook-Signature": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "event_type": "DOCVER_CHECKS",
                 *       "id": "01920b71-0000-7000-8000-000000000003",
                 *       "payload": {
                 *         "applicant_id": "01920b6e-1f00-7b2a-8e33-1c2d3e4f5a6b",
                 *         "result": {
                 *           "data": null,
                 *           "decided_by": "reviewer:Ana",
                 *           "errors": [
                 *             {
                 *               "code": 4001,
                 *               "message": "the face does not match the identity document"
                 *             }
                 *           ],
                 *           "pending_documents": [],
                 *           "status": "failed"
                 *         },
                 *         "step": "face_comparison",
                 *         "verification_id": "01920b6f-0000-7000-8000-000000000001",
                 *         "verification_url_id": "V1A2B3C4D5E6F7A8B"
                 *       },
                 *       "timestamp": "2026-11-22T09:00:00.000Z",
                 *       "webhook_id": "01920b72-0000-7000-8000-000000000004"
                 *     }
                 */
                "application/json": {
                    event_type: string;
                    /**
                     * Format: uuid
                     * @description The delivery's id, the same on every attempt.
                     */
                    id: string;
                    payload: Record<string, never>;
                    /**
                     * Format: date-time
                     * @description When the event happened (the environment's clock).
                     */
                    timestamp: string;
                    /** Format: uuid */
                    webhook_id: string;
                };
            };
        };
        responses: {
            /** @description Any 2xx within the timeout acknowledges the delivery. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Gone: Docket disables the endpoint and stops trying. */
            410: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Anything else, or no answer within the timeout, is retried on the schedule (or after `Retry-After`). */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    eventEmailCheck: {
        parameters: {
            query?: never;
            header: {
                /** @description `t=<unix seconds>,v1=<hex>`; two `v1` entries while a rotated-out secret is still valid. */
                "X-Webhook-Signature": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "event_type": "EMAIL_CHECK",
                 *       "id": "01920b71-0000-7000-8000-000000000003",
                 *       "payload": {
                 *         "applicant_id": null,
                 *         "checks": {
                 *           "disposable": false,
                 *           "mx_found": true,
                 *           "role_based": false,
                 *           "syntax_valid": true
                 *         },
                 *         "code": null,
                 *         "created_at": "2026-11-22T09:00:00.000Z",
                 *         "details": {
                 *           "catch_all": false,
                 *           "mx": "found",
                 *           "mx_hosts": [],
                 *           "normalized": "anna.berg@example.com",
                 *           "otp_attempts_left": 10,
                 *           "otp_code": null,
                 *           "otp_state": "verified",
                 *           "risk_model": "docket-email-risk-1",
                 *           "suggestion": null,
                 *           "syntax_error": null
                 *         },
                 *         "email": "anna.berg@example.com",
                 *         "event": "ownership_verified",
                 *         "id": "019d4e88-f847-7aa0-892f-bd2d85537ffe",
                 *         "locale": "en",
                 *         "otp_expires_at": "2026-11-22T09:10:00.000Z",
                 *         "otp_sent": true,
                 *         "ownership_verified": true,
                 *         "ownership_verified_at": "2026-11-22T09:02:11.000Z",
                 *         "require_ownership": true,
                 *         "risk_score": 0,
                 *         "verdict": "pass"
                 *       },
                 *       "timestamp": "2026-11-22T09:00:00.000Z",
                 *       "webhook_id": "01920b72-0000-7000-8000-000000000004"
                 *     }
                 */
                "application/json": {
                    event_type: string;
                    /**
                     * Format: uuid
                     * @description The delivery's id, the same on every attempt.
                     */
                    id: string;
                    payload: components["schemas"]["EmailCheck"] & {
                        /** @enum {string} */
                        event: "check_completed" | "ownership_verified";
                    };
                    /**
                     * Format: date-time
                     * @description When the event happened (the environment's clock).
                     */
                    timestamp: string;
                    /** Format: uuid */
                    webhook_id: string;
                };
            };
        };
        responses: {
            /** @description Any 2xx within the timeout acknowledges the delivery. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Gone: Docket disables the endpoint and stops trying. */
            410: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Anything else, or no answer within the timeout, is retried on the schedule (or after `Retry-After`). */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    eventKybCheck: {
        parameters: {
            query?: never;
            header: {
                /** @description `t=<unix seconds>,v1=<hex>`; two `v1` entries while a rotated-out secret is still valid. */
                "X-Webhook-Signature": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "event_type": "KYB_CHECK",
                 *       "id": "01920b71-0000-7000-8000-000000000003",
                 *       "payload": {
                 *         "applicant_id": "01920b6e-1f00-7b2a-8e33-1c2d3e4f5a6b",
                 *         "completed_at": "2026-11-22T09:00:02Z",
                 *         "created_at": "2026-11-22T09:00:00Z",
                 *         "request_id": "019c9e79-4d64-73e1-9f30-5374f0f57975",
                 *         "response_data": {
                 *           "result": {
                 *             "irs_code": 0,
                 *             "irs_reason": "TIN and Name combination matches IRS records",
                 *             "name": "DEERE & COMPANY",
                 *             "status": "TIN Matched",
                 *             "tin": "362382580"
                 *           }
                 *         },
                 *         "status": "verified",
                 *         "verification_type": "tin_verification"
                 *       },
                 *       "timestamp": "2026-11-22T09:00:00.000Z",
                 *       "webhook_id": "01920b72-0000-7000-8000-000000000004"
                 *     }
                 */
                "application/json": {
                    event_type: string;
                    /**
                     * Format: uuid
                     * @description The delivery's id, the same on every attempt.
                     */
                    id: string;
                    payload: components["schemas"]["SingleResult"] & {
                        /** Format: uuid */
                        applicant_id: string;
                    };
                    /**
                     * Format: date-time
                     * @description When the event happened (the environment's clock).
                     */
                    timestamp: string;
                    /** Format: uuid */
                    webhook_id: string;
                };
            };
        };
        responses: {
            /** @description Any 2xx within the timeout acknowledges the delivery. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Gone: Docket disables the endpoint and stops trying. */
            410: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Anything else, or no answer within the timeout, is retried on the schedule (or after `Retry-After`). */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    eventKybVerification: {
        parameters: {
            query?: never;
            header: {
                /** @description `t=<unix seconds>,v1=<hex>`; two `v1` entries while a rotated-out secret is still valid. */
                "X-Webhook-Signature": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "event_type": "KYB_VERIFICATION",
                 *       "id": "01920b71-0000-7000-8000-000000000003",
                 *       "payload": {
                 *         "applicant_id": "01920b6e-1f00-7b2a-8e33-1c2d3e4f5a6b",
                 *         "checks_summary": {
                 *           "checks": [
                 *             {
                 *               "severity": "medium",
                 *               "status": "completed",
                 *               "type": "kyc",
                 *               "verdict": "needs_review"
                 *             }
                 *           ],
                 *           "completed": 8,
                 *           "errored": 0,
                 *           "expected": 8,
                 *           "failed": 0,
                 *           "passed": 7,
                 *           "review": 1
                 *         },
                 *         "company": {
                 *           "country": "GB",
                 *           "dba": null,
                 *           "entity_type": "corporation",
                 *           "form_type": "Private limited company",
                 *           "legal_name": "Brightwater Logistics Ltd",
                 *           "registration_number": "09876543",
                 *           "registration_type": "company_number",
                 *           "representative_email": "amelia.hart@brightwater.example",
                 *           "representative_name": "Amelia Hart",
                 *           "state": ""
                 *         },
                 *         "company_name": "Brightwater Logistics Ltd",
                 *         "country": "GB",
                 *         "created_at": "2026-11-22T09:00:00Z",
                 *         "decision": null,
                 *         "external_id": "merchant-1042",
                 *         "form_progress": {
                 *           "current_section": null,
                 *           "sections": [],
                 *           "sections_completed": 5,
                 *           "sections_total": 5
                 *         },
                 *         "id": "01920b71-0000-7000-8000-000000000003",
                 *         "is_sandbox": true,
                 *         "last_activity_at": "2026-11-22T09:20:05Z",
                 *         "organization_id": "01920b6d-0000-7000-8000-000000000005",
                 *         "previous_status": "under_review",
                 *         "public_id": "KYB-7K3M9QX2",
                 *         "risk_level": "medium",
                 *         "risk_score": null,
                 *         "stage": "manual_review",
                 *         "status": "manual_review",
                 *         "submitted_at": "2026-11-22T09:20:00Z",
                 *         "verification_id": "01920b71-0000-7000-8000-000000000004"
                 *       },
                 *       "timestamp": "2026-11-22T09:00:00.000Z",
                 *       "webhook_id": "01920b72-0000-7000-8000-000000000004"
                 *     }
                 */
                "application/json": {
                    event_type: string;
                    /**
                     * Format: uuid
                     * @description The delivery's id, the same on every attempt.
                     */
                    id: string;
                    payload: components["schemas"]["CaseRow"] & {
                        previous_status: components["schemas"]["CaseStatus"];
                    };
                    /**
                     * Format: date-time
                     * @description When the event happened (the environment's clock).
                     */
                    timestamp: string;
                    /** Format: uuid */
                    webhook_id: string;
                };
            };
        };
        responses: {
            /** @description Any 2xx within the timeout acknowledges the delivery. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Gone: Docket disables the endpoint and stops trying. */
            410: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Anything else, or no answer within the timeout, is retried on the schedule (or after `Retry-After`). */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    eventKytWalletCheck: {
        parameters: {
            query?: never;
            header: {
                /** @description `t=<unix seconds>,v1=<hex>`; two `v1` entries while a rotated-out secret is still valid. */
                "X-Webhook-Signature": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "event_type": "KYT_WALLET_CHECK",
                 *       "id": "01920b71-0000-7000-8000-000000000003",
                 *       "payload": {
                 *         "address": "1BpEi6DfDAUFd7GtittLSdBeYJvcoaVggu",
                 *         "address_form": "p2pkh",
                 *         "applicant_id": null,
                 *         "canonical_address": "1BpEi6DfDAUFd7GtittLSdBeYJvcoaVggu",
                 *         "categories": [
                 *           "sanctions"
                 *         ],
                 *         "chain": "bitcoin",
                 *         "created_at": "2026-11-22T09:00:00.000Z",
                 *         "environment": "production",
                 *         "evidence": [
                 *           {
                 *             "category": "sanctions",
                 *             "currency": "XBT",
                 *             "detail": "The address is listed exactly on OFAC SDN 2026-11-20 (CYBER2), as XBT 1BpEi6DfDAUFd7GtittLSdBeYJvcoaVggu.",
                 *             "entity_id": "6f1c2b0e-3a4d-5e6f-8a9b-0c1d2e3f4a5b",
                 *             "entity_name": "EXAMPLE HOLDER",
                 *             "holder": null,
                 *             "kind": "sanctions_list",
                 *             "list": "OFAC SDN 2026-11-20",
                 *             "listed_address": "1BpEi6DfDAUFd7GtittLSdBeYJvcoaVggu",
                 *             "programs": [
                 *               "CYBER2"
                 *             ],
                 *             "sources": [
                 *               "OFAC Specially Designated Nationals"
                 *             ]
                 *           }
                 *         ],
                 *         "exposure": {
                 *           "counterparties": [],
                 *           "reason": "Counterparty exposure needs the chain's transaction graph, which Docket does not hold offline: only the address's validity and the sanctions lists' addresses were checked.",
                 *           "status": "not_checked"
                 *         },
                 *         "id": "019d4e90-0000-7000-8000-0000000000a1",
                 *         "invalid_code": null,
                 *         "invalid_reason": null,
                 *         "monitor": false,
                 *         "monitored_from": null,
                 *         "origin": "api",
                 *         "risk_score": {
                 *           "level": "Severe",
                 *           "score": 100
                 *         },
                 *         "tx_hash": null,
                 *         "valid": true
                 *       },
                 *       "timestamp": "2026-11-22T09:00:00.000Z",
                 *       "webhook_id": "01920b72-0000-7000-8000-000000000004"
                 *     }
                 */
                "application/json": {
                    event_type: string;
                    /**
                     * Format: uuid
                     * @description The delivery's id, the same on every attempt.
                     */
                    id: string;
                    payload: components["schemas"]["KytCheck"];
                    /**
                     * Format: date-time
                     * @description When the event happened (the environment's clock).
                     */
                    timestamp: string;
                    /** Format: uuid */
                    webhook_id: string;
                };
            };
        };
        responses: {
            /** @description Any 2xx within the timeout acknowledges the delivery. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Gone: Docket disables the endpoint and stops trying. */
            410: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Anything else, or no answer within the timeout, is retried on the schedule (or after `Retry-After`). */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    eventNondocVerification: {
        parameters: {
            query?: never;
            header: {
                /** @description `t=<unix seconds>,v1=<hex>`; two `v1` entries while a rotated-out secret is still valid. */
                "X-Webhook-Signature": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "event_type": "NONDOC_VERIFICATION",
                 *       "id": "01920b71-0000-7000-8000-000000000003",
                 *       "payload": {
                 *         "applicant_id": "01920b6e-1f00-7b2a-8e33-1c2d3e4f5a6b",
                 *         "checks": [
                 *           {
                 *             "evidence": null,
                 *             "message": "well formed as a Polish PESEL",
                 *             "status": "passed",
                 *             "step": "format"
                 *           },
                 *           {
                 *             "evidence": null,
                 *             "message": "the check digits are right",
                 *             "status": "passed",
                 *             "step": "check_digits"
                 *           },
                 *           {
                 *             "evidence": {
                 *               "applicant": "2002-01-13",
                 *               "encoded": "2002-01-13"
                 *             },
                 *             "message": "the encoded birth date agrees with the applicant's date of birth",
                 *             "status": "passed",
                 *             "step": "birth_date"
                 *           },
                 *           {
                 *             "evidence": {
                 *               "applicant": "F",
                 *               "encoded": "F"
                 *             },
                 *             "message": "the encoded sex agrees with the applicant's gender",
                 *             "status": "passed",
                 *             "step": "sex"
                 *           },
                 *           {
                 *             "evidence": {
                 *               "reachable": false,
                 *               "registry": "the issuer's registry of the Polish PESEL"
                 *             },
                 *             "message": "the issuer's registry of the Polish PESEL cannot be reached offline: Docket checked the number's format, check digits and what it encodes, but not that it was issued to this person; a reviewer confirms it with the issuer",
                 *             "status": "error",
                 *             "step": "registry_lookup"
                 *           }
                 *         ],
                 *         "country": "PL",
                 *         "created_at": "2026-11-22T09:00:00.000Z",
                 *         "encoded": {
                 *           "birth_date": "2002-01-13",
                 *           "sex": "F"
                 *         },
                 *         "id": "019d4e90-0000-7000-8000-000000000042",
                 *         "id_type": "PL_PESEL",
                 *         "is_sandbox": false,
                 *         "number_masked": "•••••••7589",
                 *         "status": "needs_review",
                 *         "verification_type": "NONDOC_NATIONAL_ID"
                 *       },
                 *       "timestamp": "2026-11-22T09:00:00.000Z",
                 *       "webhook_id": "01920b72-0000-7000-8000-000000000004"
                 *     }
                 */
                "application/json": {
                    event_type: string;
                    /**
                     * Format: uuid
                     * @description The delivery's id, the same on every attempt.
                     */
                    id: string;
                    payload: components["schemas"]["NondocCheck"];
                    /**
                     * Format: date-time
                     * @description When the event happened (the environment's clock).
                     */
                    timestamp: string;
                    /** Format: uuid */
                    webhook_id: string;
                };
            };
        };
        responses: {
            /** @description Any 2xx within the timeout acknowledges the delivery. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Gone: Docket disables the endpoint and stops trying. */
            410: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Anything else, or no answer within the timeout, is retried on the schedule (or after `Retry-After`). */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    eventTransactionMonitoring: {
        parameters: {
            query?: never;
            header: {
                /** @description `t=<unix seconds>,v1=<hex>`; two `v1` entries while a rotated-out secret is still valid. */
                "X-Webhook-Signature": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "event_type": "TRANSACTION_MONITORING",
                 *       "id": "01920b71-0000-7000-8000-000000000003",
                 *       "payload": {
                 *         "applicant_id": "01920b6e-1f00-7b2a-8e33-1c2d3e4f5a6b",
                 *         "causes": [
                 *           "VELOCITY_1D"
                 *         ],
                 *         "checks": {
                 *           "aml_payee": {
                 *             "best_match": null,
                 *             "best_match_percentage": null,
                 *             "hits": 0,
                 *             "max_risk_score": null,
                 *             "name": "John Doe"
                 *           }
                 *         },
                 *         "decision": "review",
                 *         "event": {
                 *           "amount": "560.00",
                 *           "applicant_id": "01920b6e-1f00-7b2a-8e33-1c2d3e4f5a6b",
                 *           "currency_code": "EUR",
                 *           "payee_alias": "John Doe",
                 *           "payee_country_cd": "US"
                 *         },
                 *         "event_id": "019d4e90-0000-7000-8000-000000000001",
                 *         "event_type": "transaction",
                 *         "fired_rules": [
                 *           {
                 *             "action": null,
                 *             "causes": [
                 *               "VELOCITY_1D"
                 *             ],
                 *             "event_type": "transaction_post",
                 *             "name": "Three or more transfers today",
                 *             "rank": 20,
                 *             "rule_id": "01920b70-0000-7000-8000-000000000002"
                 *           }
                 *         ],
                 *         "received_at": "2026-11-22T09:00:00.000Z",
                 *         "rule_errors": [],
                 *         "rules_evaluated": 4,
                 *         "stats": {
                 *           "last1d": {
                 *             "avg": "560",
                 *             "max": "560.00",
                 *             "min": "560.00",
                 *             "sum": "1680.00",
                 *             "transactions_count": 3
                 *           },
                 *           "last30d": {
                 *             "avg": "560",
                 *             "max": "560.00",
                 *             "min": "560.00",
                 *             "sum": "2240.00",
                 *             "transactions_count": 4
                 *           },
                 *           "last7d": {
                 *             "avg": "560",
                 *             "max": "560.00",
                 *             "min": "560.00",
                 *             "sum": "2240.00",
                 *             "transactions_count": 4
                 *           }
                 *         },
                 *         "stopped_by": null
                 *       },
                 *       "timestamp": "2026-11-22T09:00:00.000Z",
                 *       "webhook_id": "01920b72-0000-7000-8000-000000000004"
                 *     }
                 */
                "application/json": {
                    event_type: string;
                    /**
                     * Format: uuid
                     * @description The delivery's id, the same on every attempt.
                     */
                    id: string;
                    payload: components["schemas"]["MonitoringResult"];
                    /**
                     * Format: date-time
                     * @description When the event happened (the environment's clock).
                     */
                    timestamp: string;
                    /** Format: uuid */
                    webhook_id: string;
                };
            };
        };
        responses: {
            /** @description Any 2xx within the timeout acknowledges the delivery. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Gone: Docket disables the endpoint and stops trying. */
            410: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Anything else, or no answer within the timeout, is retried on the schedule (or after `Retry-After`). */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
}

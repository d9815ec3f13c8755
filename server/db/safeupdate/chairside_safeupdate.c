/*
 * chairside_safeupdate: the local stand-in of pg-safeupdate, which hosted Supabase preloads in
 * every PostgREST session. It refuses an UPDATE or DELETE without a WHERE clause when the
 * statement is analysed, so also inside the PL/pgSQL and SQL functions an RPC runs (their
 * statements are analysed when they first run). The project's own code, written from the
 * behaviour hosted documents (../shared/HOSTED-SUPABASE.md); its setting
 * chairside_safeupdate.enabled (on by default) lets migrations and the seed, which hosted runs
 * over direct connections, turn it off for their transaction.
 *
 * Loaded per connection by the local server (server/db/database.ts) with
 * LOAD '$libdir/plugins/chairside_safeupdate'; built and installed with PGXS:
 * make -C server/db/safeupdate install (Debian: postgresql-server-dev-15).
 */
#include "postgres.h"

#include "fmgr.h"
#include "nodes/parsenodes.h"
#include "parser/analyze.h"
#include "utils/guc.h"

PG_MODULE_MAGIC;

void _PG_init(void);

static bool enabled = true;
static post_parse_analyze_hook_type previous_hook = NULL;

/* The statement itself and every data-modifying WITH query it holds. */
static void
refuse_unfiltered(Query *query)
{
	ListCell   *cell;

	if ((query->commandType == CMD_UPDATE || query->commandType == CMD_DELETE) &&
		query->jointree != NULL && query->jointree->quals == NULL)
		ereport(ERROR,
				(errcode(ERRCODE_CARDINALITY_VIOLATION),
				 errmsg("%s requires a WHERE clause",
						query->commandType == CMD_UPDATE ? "UPDATE" : "DELETE"),
				 errhint("To %s every row, use \"WHERE true\".",
						 query->commandType == CMD_UPDATE ? "update" : "delete")));

	foreach(cell, query->cteList)
	{
		CommonTableExpr *cte = lfirst_node(CommonTableExpr, cell);

		if (cte->ctequery != NULL && IsA(cte->ctequery, Query))
			refuse_unfiltered((Query *) cte->ctequery);
	}
}

static void
check_query(ParseState *pstate, Query *query, JumbleState *jstate)
{
	if (previous_hook)
		previous_hook(pstate, query, jstate);
	if (enabled)
		refuse_unfiltered(query);
}

void
_PG_init(void)
{
	DefineCustomBoolVariable("chairside_safeupdate.enabled",
							 "Refuse UPDATE and DELETE without WHERE, as hosted Supabase's API sessions do.",
							 NULL,
							 &enabled,
							 true,
							 PGC_USERSET,
							 0,
							 NULL, NULL, NULL);
	MarkGUCPrefixReserved("chairside_safeupdate");
	previous_hook = post_parse_analyze_hook;
	post_parse_analyze_hook = check_query;
}

/*
 * chairside_supautils: the local stand-in of what supautils lets `postgres` do on hosted Supabase,
 * and nothing more. There `postgres` is no superuser and owns no platform table, yet it may
 * create, alter and drop policies on a listed set of them (auth.users, auth.identities,
 * storage.objects, storage.buckets, realtime.messages) and create and drop a listed set of
 * extensions (pgTAP for `supabase test db`, plpgsql_check for `supabase db lint`): supautils runs
 * those statements as the platform's superuser. Any other statement on a platform table still
 * fails for `postgres` ("must be owner of table …"), and so does any other extension.
 *
 * With it a cluster prepared as hosted (scripts/hosted-postgres.sh, which preloads it in every
 * session) takes `supabase db push --db-url postgres://postgres@…` as hosted does, the rehearsal
 * of the README's deploy path. The project's own runner (server/db/database.ts) plays the same
 * allowance itself, so PGlite needs no module. The project's own code, written from the
 * behaviour hosted documents (../shared/HOSTED-SUPABASE.md); built with chairside_safeupdate.
 */
#include "postgres.h"

#include "catalog/namespace.h"
#include "catalog/pg_authid_d.h"
#include "fmgr.h"
#include "miscadmin.h"
#include "nodes/makefuncs.h"
#include "nodes/parsenodes.h"
#include "tcop/utility.h"
#include "utils/acl.h"
#include "utils/lsyscache.h"

PG_MODULE_MAGIC;

void		_PG_init(void);

/* The role supautils privileges on hosted: the migrations' owner. */
#define PRIVILEGED_ROLE "postgres"

static const char *const policy_tables[] = {
	"auth.users", "auth.identities", "storage.objects", "storage.buckets", "realtime.messages",
};

static const char *const privileged_extensions[] = {"pgtap", "plpgsql_check"};

static ProcessUtility_hook_type previous_utility = NULL;

/* Whether the relation is one of the platform tables whose policies supautils allows. */
static bool
is_policy_table(RangeVar *relation)
{
	Oid			relid = RangeVarGetRelid(relation, NoLock, true);
	char	   *schema;
	char	   *name;

	if (!OidIsValid(relid))
		return false;
	schema = get_namespace_name(get_rel_namespace(relid));
	name = get_rel_name(relid);
	if (schema == NULL || name == NULL)
		return false;
	for (int i = 0; i < lengthof(policy_tables); i++)
	{
		char		qualified[2 * NAMEDATALEN + 2];

		snprintf(qualified, sizeof(qualified), "%s.%s", schema, name);
		if (strcmp(qualified, policy_tables[i]) == 0)
			return true;
	}
	return false;
}

/* The table a CREATE, ALTER, rename or DROP POLICY is on; NULL for any other statement. */
static RangeVar *
policy_relation(Node *stmt)
{
	switch (nodeTag(stmt))
	{
		case T_CreatePolicyStmt:
			return ((CreatePolicyStmt *) stmt)->table;
		case T_AlterPolicyStmt:
			return ((AlterPolicyStmt *) stmt)->table;
		case T_RenameStmt:
			if (((RenameStmt *) stmt)->renameType == OBJECT_POLICY)
				return ((RenameStmt *) stmt)->relation;
			return NULL;
		case T_DropStmt:
			{
				DropStmt   *drop = (DropStmt *) stmt;
				List	   *names;

				if (drop->removeType != OBJECT_POLICY || list_length(drop->objects) != 1)
					return NULL;
				/* DROP POLICY name ON [schema.]table: the table's names, then the policy's. */
				names = (List *) linitial(drop->objects);
				if (list_length(names) < 2)
					return NULL;
				return makeRangeVarFromNameList(list_truncate(list_copy(names),
															  list_length(names) - 1));
			}
		default:
			return NULL;
	}
}

static bool
is_privileged_extension_name(const char *name)
{
	for (int i = 0; i < lengthof(privileged_extensions); i++)
		if (strcmp(name, privileged_extensions[i]) == 0)
			return true;
	return false;
}

/* CREATE EXTENSION of a listed extension, or DROP EXTENSION of listed ones only. */
static bool
is_privileged_extension(Node *stmt)
{
	ListCell   *cell;

	if (IsA(stmt, CreateExtensionStmt))
		return is_privileged_extension_name(((CreateExtensionStmt *) stmt)->extname);
	if (!IsA(stmt, DropStmt) || ((DropStmt *) stmt)->removeType != OBJECT_EXTENSION)
		return false;
	foreach(cell, ((DropStmt *) stmt)->objects)
	{
		if (!is_privileged_extension_name(strVal(lfirst(cell))))
			return false;
	}
	return true;
}

static void
run_utility(PlannedStmt *pstmt, const char *queryString, bool readOnlyTree,
			ProcessUtilityContext context, ParamListInfo params,
			QueryEnvironment *queryEnv, DestReceiver *dest, QueryCompletion *qc)
{
	if (previous_utility)
		previous_utility(pstmt, queryString, readOnlyTree, context, params, queryEnv, dest, qc);
	else
		standard_ProcessUtility(pstmt, queryString, readOnlyTree, context, params, queryEnv,
								dest, qc);
}

static void
allow_as_platform(PlannedStmt *pstmt, const char *queryString, bool readOnlyTree,
				  ProcessUtilityContext context, ParamListInfo params,
				  QueryEnvironment *queryEnv, DestReceiver *dest, QueryCompletion *qc)
{
	Node	   *stmt = pstmt->utilityStmt;
	Oid			privileged = get_role_oid(PRIVILEGED_ROLE, true);
	RangeVar   *relation;
	Oid			saved_user;
	int			saved_context;

	if (!OidIsValid(privileged) || GetUserId() != privileged || superuser() ||
		!(is_privileged_extension(stmt) ||
		  ((relation = policy_relation(stmt)) != NULL && is_policy_table(relation))))
	{
		run_utility(pstmt, queryString, readOnlyTree, context, params, queryEnv, dest, qc);
		return;
	}
	/* As the platform's superuser (the cluster's bootstrap role), then back. */
	GetUserIdAndSecContext(&saved_user, &saved_context);
	SetUserIdAndSecContext(BOOTSTRAP_SUPERUSERID, saved_context | SECURITY_LOCAL_USERID_CHANGE);
	PG_TRY();
	{
		run_utility(pstmt, queryString, readOnlyTree, context, params, queryEnv, dest, qc);
	}
	PG_FINALLY();
	{
		SetUserIdAndSecContext(saved_user, saved_context);
	}
	PG_END_TRY();
}

void
_PG_init(void)
{
	previous_utility = ProcessUtility_hook;
	ProcessUtility_hook = allow_as_platform;
}

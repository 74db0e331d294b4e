"""Issue 11: real clients against Quarry as `make run` ships it. The server runs with no QUARRY_GRAPHQL_*
limit variable set and QUARRY_INTROSPECTION at `on` and at `role`; every introspection query a real tool
sends (fixtures/introspection, plus graphql-core's own) must execute, the schema a client rebuilds from it
must print as `quarry print-schema` does (graphql-core is the oracle), the Python `gql` client must work
from the fetched schema, and each limit must still refuse its own over-the-limit fixture."""
import subprocess
from pathlib import Path

import pytest
from graphql import build_client_schema, build_schema, get_introspection_query, graphql_sync, print_schema

from conftest import ROOT, QuarryProcess

FIXTURES = Path(__file__).parent / "fixtures"
PASSWORD = "correct horse battery staple 42"


def tool_queries():
    """Every introspection query a tool sends: the recorded ones, and graphql-core's with each option."""
    queries = {path.stem: path.read_text() for path in sorted((FIXTURES / "introspection").glob("*.graphql"))}
    queries["graphql-core-3.2-default"] = get_introspection_query()
    queries["graphql-core-3.2-all-options"] = get_introspection_query(
        descriptions=True, specified_by_url=True, directive_is_repeatable=True, schema_description=True,
        input_value_deprecation=True, input_object_one_of=True,
    )
    return queries


TOOL_QUERIES = tool_queries()
# The full queries; Apollo Kotlin's probe (which fields introspection has) is not one.
SCHEMA_QUERIES = sorted(name for name, text in TOOL_QUERIES.items() if "queryType" in text)


def start_quarry(introspection):
    """`quarry serve` with the shipped limits (the configuration `make run` uses) and the given introspection."""
    return QuarryProcess(QUARRY_INTROSPECTION=introspection, QUARRY_AUTH_REQUIRE_EMAIL_VERIFICATION="false")


@pytest.fixture(scope="module")
def quarry_on():
    process = start_quarry("on")
    yield process
    process.stop()


@pytest.fixture(scope="module")
def quarry_role():
    process = start_quarry("role")
    yield process
    process.stop()


@pytest.fixture(scope="module", params=["on", "role"])
def quarry(request):
    """Each test that takes it runs against both introspection settings."""
    return request.getfixturevalue("quarry_" + request.param)


@pytest.fixture(scope="module")
def printed_schema():
    """`quarry print-schema`, the SDL the server is built from."""
    output = subprocess.run(
        [str(ROOT / ".build/debug/quarry"), "print-schema"], capture_output=True, text=True, timeout=60, check=True,
        env={"PATH": "/usr/bin:/bin", "QUARRY_SCHEMA_DIR": str(ROOT / "schema")},
    )
    return output.stdout.rstrip("\n")


@pytest.mark.parametrize("name", sorted(TOOL_QUERIES))
def test_every_tools_introspection_query_runs_under_the_shipped_limits(quarry, name):
    response = quarry.graphql(TOOL_QUERIES[name])
    assert "errors" not in response, response.get("errors")
    assert any(named["name"] == "Query" for named in response["data"]["__schema"]["types"])


@pytest.mark.parametrize("name", SCHEMA_QUERIES)
def test_the_rebuilt_schema_is_graphql_cores_for_the_same_query(quarry_on, printed_schema, name):
    """graphql-core, answering the same introspection query over the SDL `quarry print-schema` prints, is the
    oracle: a client rebuilds the same schema from either answer (what the query did not ask for, such as
    descriptions or `specifiedByURL`, is missing from both alike)."""
    oracle = graphql_sync(build_schema(printed_schema), TOOL_QUERIES[name])
    assert not oracle.errors, oracle.errors
    rebuilt = build_client_schema(quarry_on.graphql(TOOL_QUERIES[name])["data"])
    assert print_schema(rebuilt) == print_schema(build_client_schema(oracle.data))


def test_with_every_option_the_rebuilt_schema_prints_as_quarry_prints_it(quarry_on, printed_schema):
    rebuilt = build_client_schema(quarry_on.graphql(TOOL_QUERIES["graphql-core-3.2-all-options"])["data"])
    assert print_schema(rebuilt) == printed_schema


@pytest.mark.parametrize("name", SCHEMA_QUERIES)
def test_a_guests_rebuilt_schema_shows_what_a_guest_may_use(quarry_role, name):
    schema = build_client_schema(quarry_role.graphql(TOOL_QUERIES[name])["data"])
    assert "logIn" in schema.mutation_type.fields and "logOut" not in schema.mutation_type.fields
    assert "nickname" in schema.type_map["User"].fields and "email" not in schema.type_map["User"].fields


def test_gql_client_fetches_the_schema_and_runs_typed_operations(quarry):
    from gql import Client, gql
    from gql.transport.requests import RequestsHTTPTransport

    transport = RequestsHTTPTransport(url=quarry.base + "/graphql", timeout=30, retries=0)
    with Client(transport=transport, fetch_schema_from_transport=True) as session:
        assert "ping" in session.client.schema.query_type.fields
        assert session.execute(gql("{ ping }")) == {"ping": "pong"}
        nickname = f"gql{quarry.port}"
        signed_up = session.execute(
            gql("mutation($input: SignUpInput!) { signUp(input: $input) { token user { nickname } } }"),
            variable_values={"input": {
                "email": f"{nickname}@quarry.test", "nickname": nickname, "password": PASSWORD, "acceptedTerms": True,
            }},
        )
        assert signed_up["signUp"]["user"]["nickname"] == nickname
        assert signed_up["signUp"]["token"].startswith("qry_")
        # The client validates against the schema it fetched: a field that does not exist never leaves it.
        with pytest.raises(Exception, match="Cannot query field 'nope' on type 'Query'"):
            session.execute(gql("{ nope }"))


def test_gql_cli_prints_the_schema(quarry_on, printed_schema):
    output = subprocess.run(
        [
            "gql-cli", quarry_on.base + "/graphql", "--print-schema", "--schema-download", "descriptions:true",
            "specified_by_url:true", "directive_is_repeatable:true", "schema_description:true",
            "input_value_deprecation:true",
        ],
        capture_output=True, text=True, timeout=60, check=True,
    )
    assert output.stdout.rstrip("\n") == printed_schema


LIMIT_FIXTURES = {
    "too-deep.graphql": "QUERY_TOO_DEEP",
    "too-many-aliases.graphql": "TOO_MANY_ALIASES",
    "too-complex.graphql": "QUERY_TOO_COMPLEX",
    "introspection-too-deep.graphql": "QUERY_TOO_DEEP",
    "introspection-lists-too-deep.graphql": "GRAPHQL_VALIDATION_FAILED",
}


@pytest.mark.parametrize("name", sorted(LIMIT_FIXTURES))
def test_each_limit_still_refuses_its_fixture(quarry, name):
    response = quarry.graphql((FIXTURES / "limits" / name).read_text())
    assert "data" not in response
    assert [error["extensions"]["code"] for error in response["errors"]] == [LIMIT_FIXTURES[name]]


def test_introspection_lists_nested_three_deep_are_refused_as_graphql_js_does(quarry):
    response = quarry.graphql((FIXTURES / "limits" / "introspection-lists-too-deep.graphql").read_text())
    assert response["errors"][0]["message"] == "Maximum introspection depth exceeded"


@pytest.mark.parametrize("name", sorted(path.name for path in (FIXTURES / "screens").glob("*.graphql")))
def test_the_apps_screens_fit_the_shipped_limits(quarry, name):
    """The seeds' real screens (README: their costs beside the limits) are never refused by a limit."""
    response = quarry.graphql((FIXTURES / "screens" / name).read_text(), variables={"first": 50})
    codes = [error.get("extensions", {}).get("code") for error in response.get("errors", [])]
    assert not {"QUERY_TOO_DEEP", "TOO_MANY_ALIASES", "QUERY_TOO_COMPLEX", "GRAPHQL_VALIDATION_FAILED"} & set(codes)
    assert "data" in response

import Hummingbird
import HummingbirdTesting
import Testing

@testable import Server

@Suite("healthz, readyz, metrics")
struct HealthRoutesTests {
    @Test("healthz answers 200 whatever the database does")
    func healthz() async throws {
        try await makeTestApplication(readiness: .notReady(reason: "down")).test(.router) { client in
            try await client.execute(uri: "/healthz", method: .get) { response in
                #expect(response.status == .ok)
                #expect(response.text == #"{"status":"ok"}"#)
            }
        }
    }

    @Test("readyz is 200 when ready and 503 with a JSON reason otherwise")
    func readyz() async throws {
        try await makeTestApplication().test(.router) { client in
            try await client.execute(uri: "/readyz", method: .get) {
                #expect($0.status == .ok)
                #expect($0.text == #"{"status":"ready"}"#)
            }
        }
        let reason = #"migrations pending: 0002_"x""#
        try await makeTestApplication(readiness: .notReady(reason: reason)).test(.router) { client in
            try await client.execute(uri: "/readyz", method: .get) { response in
                #expect(response.status == .serviceUnavailable)
                #expect(response.headers[.contentType] == "application/json; charset=utf-8")
                #expect(response.text == #"{"status":"unavailable","reason":"migrations pending: 0002_\"x\""}"#)
            }
        }
    }

    @Test("metrics exposes HTTP request counts in Prometheus text format")
    func metrics() async throws {
        let metrics = QuarryMetrics()
        try await makeTestApplication(metrics: metrics).test(.router) { client in
            try await client.execute(uri: "/healthz", method: .get) { _ in }
            try await client.execute(uri: "/missing", method: .get) { _ in }
            try await client.execute(uri: "/metrics", method: .get) { response in
                #expect(response.status == .ok)
                #expect(response.headers[.contentType] == "text/plain; version=0.0.4; charset=utf-8")
                #expect(response.text.contains(#"quarry_http_requests_total{method="GET",status="200"} 1"#))
                #expect(response.text.contains(#"quarry_http_requests_total{method="GET",status="404"} 1"#))
            }
        }
    }

    @Test("GraphQL request metrics: counts by operation and outcome, latency, SQL statements, pool gauges")
    func graphQLMetrics() {
        let metrics = QuarryMetrics()
        metrics.recordGraphQLRequest(operationName: "Feed", outcome: .ok, duration: .milliseconds(3), sqlStatements: 2)
        metrics.recordGraphQLRequest(operationName: nil, outcome: .invalidRequest, duration: .microseconds(80), sqlStatements: 0)
        metrics.recordPool(inUse: 3, idle: 7, waiting: 1)
        let text = String(decoding: metrics.exposition(), as: UTF8.self)
        #expect(text.contains(#"quarry_graphql_requests_total{operation="Feed",outcome="ok"} 1"#))
        #expect(text.contains(#"quarry_graphql_requests_total{operation="anonymous",outcome="invalid_request"} 1"#))
        #expect(text.contains(#"quarry_graphql_request_duration_seconds_bucket{outcome="ok",le="0.005"} 1"#))
        #expect(text.contains(#"quarry_graphql_request_duration_seconds_bucket{outcome="ok",le="0.002"} 0"#))
        #expect(text.contains(#"quarry_graphql_sql_statements_bucket{le="2.0"} 2"#))
        #expect(text.contains(#"quarry_graphql_sql_statements_bucket{le="1.0"} 1"#))
        #expect(text.contains(#"quarry_db_pool_connections{state="in_use"} 3"#))
        #expect(text.contains(#"quarry_db_pool_connections{state="idle"} 7"#))
        #expect(text.contains(#"quarry_db_pool_waiting_requests 1"#))
    }

    @Test("recording again adds to the same series; each QuarryMetrics keeps its own")
    func repeatedRecords() {
        let metrics = QuarryMetrics()
        let other = QuarryMetrics()
        for status in [200, 200, 415, 200] { metrics.recordHTTPRequest(method: "POST", status: status) }
        metrics.recordHTTPRequest(method: "GET", status: 200)
        other.recordHTTPRequest(method: "POST", status: 200)
        for outcome in [QuarryMetrics.Outcome.ok, .ok, .fieldErrors] {
            metrics.recordGraphQLRequest(operationName: "Feed", outcome: outcome, duration: .milliseconds(1), sqlStatements: 1)
        }
        metrics.recordGraphQLRequest(operationName: nil, outcome: .ok, duration: .milliseconds(30), sqlStatements: 4)
        let text = String(decoding: metrics.exposition(), as: UTF8.self)
        #expect(text.contains(#"quarry_http_requests_total{method="POST",status="200"} 3"#))
        #expect(text.contains(#"quarry_http_requests_total{method="POST",status="415"} 1"#))
        #expect(text.contains(#"quarry_http_requests_total{method="GET",status="200"} 1"#))
        #expect(text.contains(#"quarry_graphql_requests_total{operation="Feed",outcome="ok"} 2"#))
        #expect(text.contains(#"quarry_graphql_requests_total{operation="Feed",outcome="field_errors"} 1"#))
        #expect(text.contains(#"quarry_graphql_requests_total{operation="anonymous",outcome="ok"} 1"#))
        #expect(text.contains(#"quarry_graphql_request_duration_seconds_count{outcome="ok"} 3"#))
        #expect(text.contains(#"quarry_graphql_request_duration_seconds_bucket{outcome="ok",le="0.025"} 2"#))
        #expect(text.contains(#"quarry_graphql_request_duration_seconds_count{outcome="field_errors"} 1"#))
        #expect(text.contains(#"quarry_graphql_sql_statements_count 4"#))
        #expect(text.contains(#"quarry_graphql_sql_statements_sum 7"#))
        #expect(!text.contains(#"outcome="internal_error""#))
        let otherText = String(decoding: other.exposition(), as: UTF8.self)
        #expect(otherText.contains(#"quarry_http_requests_total{method="POST",status="200"} 1"#))
        #expect(!otherText.contains("quarry_graphql_requests_total"))
    }

    @Test("operation name labels are capped so clients cannot grow the registry without bound")
    func operationNameCap() {
        let metrics = QuarryMetrics()
        for index in 0...QuarryMetrics.maxOperationNames {
            metrics.recordGraphQLRequest(operationName: "Op\(index)", outcome: .ok, duration: .zero, sqlStatements: 0)
        }
        let text = String(decoding: metrics.exposition(), as: UTF8.self)
        #expect(text.contains(#"operation="Op0""#))
        #expect(!text.contains(#"operation="Op\#(QuarryMetrics.maxOperationNames)""#))
        #expect(text.contains(#"quarry_graphql_requests_total{operation="other",outcome="ok"} 1"#))
    }
}

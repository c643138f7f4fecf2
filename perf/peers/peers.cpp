// peers.cpp - point queries over 2D boxes with the libraries a C++ engineer would pick.
//
// Reads the box and point files that `hittest export` writes (format: docs/box-files.md),
// builds each peer structure, runs every point in order and reports build time, ns per query
// (median and minimum of R timed batches after one warm-up batch), a checksum (sum over the
// points of the highest box index containing the point, -1 for none), candidates per query,
// bytes per box, and the time of a batch of K box moves.
//
// Containment is half-open (minX <= x < maxX, minY <= y < maxY); a box of zero or negative
// width or height contains nothing and is not inserted. Boxes stay in double precision:
// Boost.Geometry stores them as they are, Box2D gets float AABBs rounded outward and every
// candidate it returns is tested exactly against the double boxes kept beside it.
//
// Peers: boost-rtree-pack (packing constructor), boost-rtree-rstar (R*-tree insertion),
//        boost-rtree-quadratic (quadratic insertion), box2d-dynamic-tree (b2DynamicTree).
// Usage: peers BOXES POINTS [--only NAME,...] [--reps R] [--moves K] [--json]
// Exit status: 0 all checksums agree, 1 some peer disagrees, 2 bad input or usage, 3 no
// selected peer was compiled in (its library was not installed when this was built).

#include <algorithm>
#include <cerrno>
#include <cfloat>
#include <chrono>
#include <climits>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <memory>
#include <sstream>
#include <string>
#include <vector>

#ifndef HT_PEERS_BOOST
#define HT_PEERS_BOOST __has_include( <boost/geometry/index/rtree.hpp>)
#endif
#ifndef HT_PEERS_BOX2D
#define HT_PEERS_BOX2D __has_include( <box2d/b2_dynamic_tree.h>) // link with -lbox2d
#endif

#if HT_PEERS_BOOST
#ifndef BOOST_ALLOW_DEPRECATED_HEADERS
#define BOOST_ALLOW_DEPRECATED_HEADERS
#endif
#include <boost/geometry.hpp> // rtree.hpp alone misses what R*-tree insertion needs in 1.74
#include <boost/geometry/index/rtree.hpp>
#include <boost/iterator/function_output_iterator.hpp>
#endif
#if HT_PEERS_BOX2D
#include <box2d/b2_dynamic_tree.h>
#endif

namespace {

using Clock = std::chrono::steady_clock;
const double kNaN = std::nan( "" );
const double kMoveX = 1.5, kMoveY = -0.75; // offset of a moved box

struct Box { double x0, y0, x1, y1; };
struct Point { double x, y; };

bool isEmpty( const Box& b ) { return !( b.x0 < b.x1 && b.y0 < b.y1 ); }

[[maybe_unused]] bool contains( const Box& b, double x, double y ) { return b.x0 <= x && x < b.x1 && b.y0 <= y && y < b.y1; }

[[maybe_unused]] Box shifted( const Box& b ) { return { b.x0 + kMoveX, b.y0 + kMoveY, b.x1 + kMoveX, b.y1 + kMoveY }; }

struct Input
{
	std::vector<Box> boxes;   // pre-order = paint order; the answer is the highest index
	std::vector<Point> points;
	std::vector<int> moved;   // the boxes that the move benchmark moves
	long nonEmpty = 0, nonFinitePoints = 0, notFloat32 = 0;
};

struct Options { std::string only; int reps = 5, moves = 10000; bool json = false; };

struct Result
{
	std::string name;
	double buildMs = 0, nsPerQuery = 0, nsPerQueryMin = 0, candidatesPerQuery = 0;
	long long checksum = 0;
	double bytesPerBox = kNaN;   // NaN: not known
	double moveBatchNs = kNaN;   // NaN: not measured
	int moves = 0;
	double movesReinserted = kNaN; // Box2D: MoveProxy calls per batch that reinserted the leaf
	bool sameAfterMoves = true;    // the checksum after moving every box back
	std::string note;
};

double elapsedNs( Clock::time_point t0 ) { return std::chrono::duration<double, std::nano>( Clock::now() - t0 ).count(); }

double median( std::vector<double> v ) // the upper one of an even count
{
	std::nth_element( v.begin(), v.begin() + v.size() / 2, v.end() );
	return v[v.size() / 2];
}

// ---------------------------------------------------------------------------------- input files

// The data lines of a file: '#' starts a comment, blank lines are skipped.
class DataLines
{
public:
	explicit DataLines( const char* path ) : path_( path )
	{
		std::ifstream f( path, std::ios::binary );
		if ( !f ) fail( nullptr, std::string( "cannot open: " ) + std::strerror( errno ) );
		std::ostringstream text;
		text << f.rdbuf();
		text_ = text.str();
	}

	// Splits the next line that has data into its fields; false at the end of the file.
	bool next( std::vector<std::string>& fields )
	{
		while ( pos_ < text_.size() )
		{
			size_t end = text_.find( '\n', pos_ );
			if ( end == std::string::npos ) end = text_.size();
			size_t i = pos_;
			pos_ = end + 1;
			++line_;
			fields.clear();
			for ( ;; )
			{
				while ( i < end && std::isspace( (unsigned char)text_[i] ) ) ++i;
				if ( i == end || text_[i] == '#' ) break;
				size_t j = i;
				while ( j < end && text_[j] != '#' && !std::isspace( (unsigned char)text_[j] ) ) ++j;
				fields.emplace_back( text_, i, j - i );
				i = j;
			}
			if ( !fields.empty() ) return true;
		}
		return false;
	}

	[[noreturn]] void fail( const char* field, const std::string& what ) const
	{
		std::string at = line_ > 0 ? ":" + std::to_string( line_ ) : "";
		std::fprintf( stderr, "peers: %s%s: %s%s%s\n", path_, at.c_str(), field ? field : "", field ? ": " : "", what.c_str() );
		std::exit( 2 );
	}

	double number( const std::string& s, const char* field ) const
	{
		char* end;
		double v = std::strtod( s.c_str(), &end );
		if ( end == s.c_str() || *end != '\0' ) fail( field, "not a number: '" + s + "'" );
		return v;
	}

	long integer( const std::string& s, const char* field ) const
	{
		char* end;
		errno = 0;
		long v = std::strtol( s.c_str(), &end, 10 );
		if ( end == s.c_str() || *end != '\0' || errno == ERANGE ) fail( field, "not an integer: '" + s + "'" );
		return v;
	}

	// The count on the first data line.
	long count( const char* field )
	{
		std::vector<std::string> f;
		if ( !next( f ) ) fail( field, "empty file: expected the count on the first line" );
		if ( f.size() != 1 ) fail( field, "expected one field, got " + std::to_string( f.size() ) );
		long n = integer( f[0], field );
		if ( n < 1 || n > INT_MAX / 2 ) fail( field, "must be 1.." + std::to_string( INT_MAX / 2 ) + ", got " + f[0] );
		return n;
	}

private:
	const char* path_;
	std::string text_;
	size_t pos_ = 0;
	long line_ = 0;
};

bool float32Exact( double v ) { return (double)(float)v == v; }

void readBoxes( const char* path, Input& in )
{
	static const char* const names[4] = { "minX", "minY", "maxX", "maxY" };
	DataLines file( path );
	long n = file.count( "N" );
	std::vector<std::string> f;
	std::vector<long> open; // end of each enclosing subtree
	in.boxes.reserve( (size_t)n );
	for ( long i = 0; i < n; ++i )
	{
		if ( !file.next( f ) ) file.fail( nullptr, "file ends after " + std::to_string( i ) + " of " + std::to_string( n ) + " boxes" );
		if ( f.size() != 5 ) file.fail( nullptr, "expected 5 fields 'minX minY maxX maxY subtreeSize', got " + std::to_string( f.size() ) );
		double v[4];
		for ( int k = 0; k < 4; ++k )
		{
			v[k] = file.number( f[k], names[k] );
			if ( !( std::fabs( v[k] ) <= FLT_MAX ) ) file.fail( names[k], "not a finite float32 value: '" + f[k] + "'" );
			in.notFloat32 += !float32Exact( v[k] );
		}
		long size = file.integer( f[4], "subtreeSize" );
		if ( size < 1 || size > n - i ) file.fail( "subtreeSize", f[4] + " is outside 1.." + std::to_string( n - i ) + " (boxes left in the file)" );
		while ( !open.empty() && open.back() <= i ) open.pop_back();
		if ( !open.empty() && i + size > open.back() ) file.fail( "subtreeSize", f[4] + " overruns the subtree of the parent box" );
		open.push_back( i + size );
		in.boxes.push_back( { v[0], v[1], v[2], v[3] } );
		in.nonEmpty += !isEmpty( in.boxes.back() );
	}
	if ( file.next( f ) ) file.fail( nullptr, "unexpected data after the " + std::to_string( n ) + " boxes" );
}

void readPoints( const char* path, Input& in )
{
	DataLines file( path );
	long m = file.count( "M" );
	std::vector<std::string> f;
	in.points.reserve( (size_t)m );
	for ( long i = 0; i < m; ++i )
	{
		if ( !file.next( f ) ) file.fail( nullptr, "file ends after " + std::to_string( i ) + " of " + std::to_string( m ) + " points" );
		if ( f.size() != 2 ) file.fail( nullptr, "expected 2 fields 'x y', got " + std::to_string( f.size() ) );
		Point p = { file.number( f[0], "x" ), file.number( f[1], "y" ) }; // NaN and infinities hit nothing
		bool finite = std::isfinite( p.x ) && std::isfinite( p.y );
		in.nonFinitePoints += !finite;
		in.notFloat32 += finite && !( float32Exact( p.x ) && float32Exact( p.y ) );
		in.points.push_back( p );
	}
	if ( file.next( f ) ) file.fail( nullptr, "unexpected data after the " + std::to_string( m ) + " points" );
}

// Every (nonEmpty / K)-th non-empty box, K of them (fewer if there are fewer boxes).
std::vector<int> pickMoved( const std::vector<Box>& boxes, long nonEmpty, int k )
{
	std::vector<int> picked;
	if ( k <= 0 || nonEmpty == 0 ) return picked;
	long step = std::max( 1L, nonEmpty / k ), seen = 0;
	for ( size_t i = 0; i < boxes.size() && (long)picked.size() < k; ++i )
		if ( !isEmpty( boxes[i] ) && seen++ % step == 0 ) picked.push_back( (int)i );
	return picked;
}

// ---------------------------------------------------------------------------------- harness

// Builds three times (the last structure is kept) and returns the median build time in ms.
template <class Build> double timeBuilds( Build build )
{
	std::vector<double> ms;
	for ( int r = 0; r < 3; ++r )
	{
		auto t0 = Clock::now();
		build();
		ms.push_back( elapsedNs( t0 ) / 1e6 );
	}
	return median( ms );
}

// query(x, y, candidates) returns the answer for one point and adds its candidates.
template <class Query> long long runBatch( const std::vector<Point>& points, Query& query, long long& candidates )
{
	long long sum = 0;
	for ( const Point& p : points ) sum += query( p.x, p.y, candidates );
	return sum;
}

// One warm-up batch (its checksum and candidates are reported), then reps timed batches.
template <class Query> void timeQueries( const Input& in, const Options& opt, Query query, Result& r )
{
	const double m = (double)in.points.size();
	long long candidates = 0;
	r.checksum = runBatch( in.points, query, candidates );
	r.candidatesPerQuery = (double)candidates / m;
	std::vector<double> ns;
	for ( int rep = 0; rep < opt.reps; ++rep )
	{
		auto t0 = Clock::now();
		long long sum = runBatch( in.points, query, candidates );
		ns.push_back( elapsedNs( t0 ) / m );
		if ( sum != r.checksum )
		{
			std::fprintf( stderr, "peers: %s: results differ between batches\n", r.name.c_str() );
			std::exit( 1 );
		}
	}
	r.nsPerQuery = median( ns );
	r.nsPerQueryMin = *std::min_element( ns.begin(), ns.end() );
}

// move(i, out) moves box i by the offset (out) or back to where it was (!out). Each repeat
// times a batch of K moves out and a batch of K moves back; then the queries must give the
// checksum they gave before.
template <class Move, class Query> void timeMoves( const Input& in, const Options& opt, Move move, Query query, Result& r )
{
	if ( in.moved.empty() ) return;
	std::vector<double> ns;
	for ( int rep = 0; rep < opt.reps; ++rep )
		for ( bool out : { true, false } )
		{
			auto t0 = Clock::now();
			for ( int i : in.moved ) move( i, out );
			ns.push_back( elapsedNs( t0 ) );
		}
	r.moveBatchNs = median( ns );
	r.moves = (int)in.moved.size();
	long long candidates = 0;
	r.sameAfterMoves = runBatch( in.points, query, candidates ) == r.checksum;
}

// ---------------------------------------------------------------------------------- Boost.Geometry rtree

#if HT_PEERS_BOOST
namespace bg = boost::geometry;
namespace bgi = boost::geometry::index;
using BoostPoint = bg::model::point<double, 2, bg::cs::cartesian>;
using BoostBox = bg::model::box<BoostPoint>;
using BoostValue = std::pair<BoostBox, int>; // the box and its index

// std::allocator that counts the bytes it holds, to measure the tree's nodes.
template <class T> struct CountingAllocator
{
	using value_type = T;
	size_t* bytes;
	explicit CountingAllocator( size_t* b ) : bytes( b ) {}
	template <class U> CountingAllocator( const CountingAllocator<U>& o ) : bytes( o.bytes ) {}
	T* allocate( size_t n )
	{
		*bytes += n * sizeof( T );
		return std::allocator<T>().allocate( n );
	}
	void deallocate( T* p, size_t n )
	{
		*bytes -= n * sizeof( T );
		std::allocator<T>().deallocate( p, n );
	}
	template <class U> bool operator==( const CountingAllocator<U>& o ) const { return bytes == o.bytes; }
	template <class U> bool operator!=( const CountingAllocator<U>& o ) const { return bytes != o.bytes; }
};

BoostValue boostValue( const Box& b, int i ) { return { BoostBox( BoostPoint( b.x0, b.y0 ), BoostPoint( b.x1, b.y1 ) ), i }; }

// pack: the packing (bulk-loading) constructor; otherwise one insert per box in paint order.
template <class Params> Result runBoostRtree( const char* name, bool pack, const Input& in, const Options& opt )
{
	using Tree = bgi::rtree<BoostValue, Params, bgi::indexable<BoostValue>, bgi::equal_to<BoostValue>, CountingAllocator<BoostValue>>;
	Result r;
	r.name = name;
	size_t bytes = 0;
	std::unique_ptr<Tree> tree; // (std::optional<rtree> draws a false -Wmaybe-uninitialized from g++ 12)
	const CountingAllocator<BoostValue> alloc( &bytes );
	r.buildMs = timeBuilds( [&] {
		tree.reset();
		if ( pack )
		{
			std::vector<BoostValue> values;
			values.reserve( (size_t)in.nonEmpty );
			for ( size_t i = 0; i < in.boxes.size(); ++i )
				if ( !isEmpty( in.boxes[i] ) ) values.push_back( boostValue( in.boxes[i], (int)i ) );
			tree = std::make_unique<Tree>( values.begin(), values.end(), Params(), bgi::indexable<BoostValue>(), bgi::equal_to<BoostValue>(), alloc );
		}
		else
		{
			tree = std::make_unique<Tree>( Params(), bgi::indexable<BoostValue>(), bgi::equal_to<BoostValue>(), alloc );
			for ( size_t i = 0; i < in.boxes.size(); ++i )
				if ( !isEmpty( in.boxes[i] ) ) tree->insert( boostValue( in.boxes[i], (int)i ) );
		}
	} );
	r.bytesPerBox = (double)bytes / (double)in.boxes.size();

	// intersects(point) is closed; the half-open test on each candidate makes it exact.
	auto query = [&tree]( double x, double y, long long& candidates ) {
		int best = -1;
		tree->query( bgi::intersects( BoostPoint( x, y ) ), boost::make_function_output_iterator( [&]( const BoostValue& v ) {
			++candidates;
			const BoostBox& b = v.first;
			if ( v.second > best && b.min_corner().get<0>() <= x && x < b.max_corner().get<0>() && b.min_corner().get<1>() <= y &&
				 y < b.max_corner().get<1>() )
				best = v.second;
		} ) );
		return best;
	};
	timeQueries( in, opt, query, r );

	auto move = [&]( int i, bool out ) {
		Box from = in.boxes[(size_t)i], to = shifted( from );
		if ( !out ) std::swap( from, to );
		if ( tree->remove( boostValue( from, i ) ) != 1 )
		{
			std::fprintf( stderr, "peers: %s: remove did not find box %d\n", name, i );
			std::exit( 1 );
		}
		tree->insert( boostValue( to, i ) );
	};
	timeMoves( in, opt, move, query, r );
	r.note = "B/box: node bytes allocated (counting allocator)";
	return r;
}
#endif

// ---------------------------------------------------------------------------------- Box2D b2DynamicTree

#if HT_PEERS_BOX2D
float roundDown( double v ) { float f = (float)v; return (double)f > v ? std::nextafterf( f, -INFINITY ) : f; }
float roundUp( double v ) { float f = (float)v; return (double)f < v ? std::nextafterf( f, INFINITY ) : f; }

// The smallest float AABB that holds the double box (or point).
b2AABB outwardAABB( double x0, double y0, double x1, double y1 )
{
	b2AABB a;
	a.lowerBound.Set( roundDown( x0 ), roundDown( y0 ) );
	a.upperBound.Set( roundUp( x1 ), roundUp( y1 ) );
	return a;
}

b2AABB outwardAABB( const Box& b ) { return outwardAABB( b.x0, b.y0, b.x1, b.y1 ); }

// b2DynamicTree::Query callback: every leaf whose fat AABB touches the point is a candidate.
struct Box2dPointQuery
{
	const b2DynamicTree* tree;
	const Box* boxes; // exact double boxes, by box index
	double x, y;
	int best;
	long long* candidates;

	bool QueryCallback( int32 proxyId )
	{
		++*candidates;
		int i = (int)reinterpret_cast<intptr_t>( tree->GetUserData( proxyId ) );
		if ( i > best && contains( boxes[i], x, y ) ) best = i;
		return true; // visit them all: the tree has no paint order
	}
};

Result runBox2d( const Input& in, const Options& opt )
{
	Result r;
	r.name = "box2d-dynamic-tree";
	std::unique_ptr<b2DynamicTree> tree;
	std::vector<Box> boxes;       // the exact boxes beside the tree
	std::vector<int32> proxies;   // box index -> proxy id (-1 for an empty box)
	r.buildMs = timeBuilds( [&] {
		tree = std::make_unique<b2DynamicTree>();
		boxes = in.boxes;
		proxies.assign( boxes.size(), -1 );
		for ( size_t i = 0; i < boxes.size(); ++i )
			if ( !isEmpty( boxes[i] ) ) proxies[i] = tree->CreateProxy( outwardAABB( boxes[i] ), reinterpret_cast<void*>( (intptr_t)i ) );
	} );
	// Used nodes (nonEmpty leaves + nonEmpty - 1 inner nodes) and the double boxes; the node
	// pool's spare capacity (it doubles when full) is not counted.
	r.bytesPerBox = ( ( 2.0 * (double)in.nonEmpty - 1 ) * sizeof( b2TreeNode ) + (double)boxes.size() * sizeof( Box ) ) / (double)boxes.size();

	auto query = [&]( double x, double y, long long& candidates ) {
		// b2TestOverlap is true for NaN coordinates (it only rejects on '>'), so NaN would visit every node.
		if ( std::isnan( x ) || std::isnan( y ) ) return -1;
		Box2dPointQuery q = { tree.get(), boxes.data(), x, y, -1, &candidates };
		tree->Query( &q, outwardAABB( x, y, x, y ) );
		return q.best;
	};
	timeQueries( in, opt, query, r );

	long long reinserted = 0;
	auto move = [&]( int i, bool out ) {
		size_t k = (size_t)i;
		Box to = out ? shifted( in.boxes[k] ) : in.boxes[k];
		b2Vec2 d = out ? b2Vec2( (float)kMoveX, (float)kMoveY ) : b2Vec2( (float)-kMoveX, (float)-kMoveY );
		reinserted += tree->MoveProxy( proxies[k], outwardAABB( to ), d );
		boxes[k] = to;
	};
	char note[160]; // the tree as built, before the moves change it
	std::snprintf( note, sizeof note, "height %d, max balance %d, area ratio %.1f; B/box: used nodes + double boxes", tree->GetHeight(),
				   tree->GetMaxBalance(), (double)tree->GetAreaRatio() );
	r.note = note;
	timeMoves( in, opt, move, query, r );
	if ( r.moves > 0 ) r.movesReinserted = (double)reinserted / ( 2.0 * opt.reps );
	return r;
}
#endif

// ---------------------------------------------------------------------------------- main

struct Peer
{
	const char* name;
	Result ( *run )( const Input&, const Options& ); // null when not compiled in
	const char* package;
};

const Peer kPeers[] = {
#if HT_PEERS_BOOST
	{ "boost-rtree-pack", []( const Input& in, const Options& o ) { return runBoostRtree<bgi::rstar<16>>( "boost-rtree-pack", true, in, o ); }, "" },
	{ "boost-rtree-rstar", []( const Input& in, const Options& o ) { return runBoostRtree<bgi::rstar<16>>( "boost-rtree-rstar", false, in, o ); }, "" },
	{ "boost-rtree-quadratic",
	  []( const Input& in, const Options& o ) { return runBoostRtree<bgi::quadratic<16>>( "boost-rtree-quadratic", false, in, o ); }, "" },
#else
	{ "boost-rtree-pack", nullptr, "libboost-dev" },
	{ "boost-rtree-rstar", nullptr, "libboost-dev" },
	{ "boost-rtree-quadratic", nullptr, "libboost-dev" },
#endif
#if HT_PEERS_BOX2D
	{ "box2d-dynamic-tree", runBox2d, "" },
#else
	{ "box2d-dynamic-tree", nullptr, "libbox2d-dev" },
#endif
};

// --only takes names or parts of names, separated by commas.
bool selected( const std::string& name, const std::string& only )
{
	if ( only.empty() ) return true;
	std::stringstream list( only );
	for ( std::string part; std::getline( list, part, ',' ); )
		if ( !part.empty() && name.find( part ) != std::string::npos ) return true;
	return false;
}

[[noreturn]] void usage( const char* problem )
{
	if ( problem ) std::fprintf( stderr, "peers: %s\n", problem );
	std::fputs( "usage: peers BOXES POINTS [--only NAME,...] [--reps R] [--moves K] [--json]\n"
				"  --only NAME,...  run the peers whose names contain one of these: boost-rtree-pack,\n"
				"                   boost-rtree-rstar, boost-rtree-quadratic, box2d-dynamic-tree\n"
				"  --reps R         timed query batches (and move repeats), default 5\n"
				"  --moves K        boxes moved per update batch, default 10000 (0: no moves)\n"
				"  --json           print one JSON object instead of the table\n",
				stderr );
	std::exit( 2 );
}

int positiveArg( const char* s, int lo, const char* what )
{
	char* end;
	long v = std::strtol( s, &end, 10 );
	if ( end == s || *end != '\0' || v < lo || v > 100000000 ) usage( ( std::string( what ) + " needs an integer >= " + std::to_string( lo ) ).c_str() );
	return (int)v;
}

std::string fixed( double v, int decimals )
{
	if ( std::isnan( v ) ) return "-";
	char s[64];
	std::snprintf( s, sizeof s, "%.*f", decimals, v );
	return s;
}

std::string jsonNumber( double v, int decimals ) { return std::isnan( v ) ? "null" : fixed( v, decimals ); }

void printRow( const Result& r, bool agrees )
{
	std::printf( "%-22s %10.3f %12.1f %12.1f %14lld %8.3f %7s %14s %9s %s\n", r.name.c_str(), r.buildMs, r.nsPerQuery, r.nsPerQueryMin, r.checksum,
				 r.candidatesPerQuery, fixed( r.bytesPerBox, 1 ).c_str(), fixed( r.moveBatchNs, 0 ).c_str(),
				 r.moves ? fixed( r.moveBatchNs / r.moves, 1 ).c_str() : "-", agrees ? "yes" : r.sameAfterMoves ? "NO" : "NO (after moves)" );
	std::printf( "# %s: %s%s\n", r.name.c_str(), r.note.c_str(),
				 std::isnan( r.movesReinserted ) ? "" : ( "; MoveProxy reinserted " + fixed( r.movesReinserted, 0 ) + " of " + std::to_string( r.moves ) + " per batch" ).c_str() );
	std::fflush( stdout );
}

void printJson( const std::vector<Result>& results, const std::vector<bool>& agrees )
{
	std::printf( "{\"peers\":[" );
	for ( size_t k = 0; k < results.size(); ++k )
	{
		const Result& r = results[k];
		std::printf( "%s\n{\"name\":\"%s\",\"buildMs\":%s,\"nsPerQuery\":%s,\"nsPerQueryMin\":%s,\"checksum\":%lld,\"candidatesPerQuery\":%s,"
					 "\"bytesPerBox\":%s,\"moveBatchNs\":%s,\"moves\":%d,\"movesReinserted\":%s,\"agrees\":%s}",
					 k ? "," : "", r.name.c_str(), jsonNumber( r.buildMs, 3 ).c_str(), jsonNumber( r.nsPerQuery, 1 ).c_str(),
					 jsonNumber( r.nsPerQueryMin, 1 ).c_str(), r.checksum, jsonNumber( r.candidatesPerQuery, 3 ).c_str(),
					 jsonNumber( r.bytesPerBox, 1 ).c_str(), jsonNumber( r.moveBatchNs, 0 ).c_str(), r.moves,
					 jsonNumber( r.movesReinserted, 1 ).c_str(), agrees[k] ? "true" : "false" );
	}
	std::printf( "\n]}\n" );
}

} // namespace

int main( int argc, char** argv )
{
	Options opt;
	std::vector<const char*> files;
	for ( int i = 1; i < argc; ++i )
	{
		std::string a = argv[i];
		if ( a == "--json" ) opt.json = true;
		else if ( a == "--only" && i + 1 < argc ) opt.only = argv[++i];
		else if ( a == "--reps" && i + 1 < argc ) opt.reps = positiveArg( argv[++i], 1, "--reps" );
		else if ( a == "--moves" && i + 1 < argc ) opt.moves = positiveArg( argv[++i], 0, "--moves" );
		else if ( a.size() > 1 && a[0] == '-' ) usage( ( "unknown option " + a ).c_str() );
		else files.push_back( argv[i] );
	}
	if ( files.size() != 2 ) usage( nullptr );
	bool any = false;
	for ( const Peer& p : kPeers ) any |= selected( p.name, opt.only );
	if ( !any ) usage( ( "--only " + opt.only + " selects no peer" ).c_str() );

	Input in;
	readBoxes( files[0], in );
	readPoints( files[1], in );
	in.moved = pickMoved( in.boxes, in.nonEmpty, opt.moves );

	FILE* info = opt.json ? stderr : stdout; // the JSON goes alone to stdout
	std::fprintf( info, "# boxes  %s: N=%zu non-empty=%ld\n", files[0], in.boxes.size(), in.nonEmpty );
	std::fprintf( info, "# points %s: M=%zu non-finite=%ld\n", files[1], in.points.size(), in.nonFinitePoints );
	std::fprintf( info, "# reps=%d (after 1 warm-up batch), moves: %zu boxes by (%+g, %+g) and back\n", opt.reps, in.moved.size(), kMoveX, kMoveY );
	if ( in.notFloat32 > 0 )
		std::fprintf( info, "# note: %ld coordinates are not float32 values; these peers answer in double, the C baselines need float32 values\n", in.notFloat32 );
	if ( !opt.json )
		std::printf( "%-22s %10s %12s %12s %14s %8s %7s %14s %9s %s\n", "structure", "build_ms", "ns/q_median", "ns/q_min", "checksum", "cand/q",
					 "B/box", "move_batch_ns", "ns/move", "agrees" );

	std::vector<Result> results;
	std::vector<bool> agrees;
	for ( const Peer& p : kPeers )
	{
		if ( !selected( p.name, opt.only ) ) continue;
		if ( p.run == nullptr )
		{
			std::fprintf( info, "# %s: not built (apt-get install -y %s; perf/peers/run.sh then rebuilds)\n", p.name, p.package );
			continue;
		}
		results.push_back( p.run( in, opt ) );
		const Result& r = results.back();
		agrees.push_back( r.checksum == results.front().checksum && r.sameAfterMoves );
		if ( !opt.json ) printRow( r, agrees.back() );
	}
	if ( results.empty() )
	{
		std::fprintf( stderr, "peers: none of the selected peers is built in: nothing was compared\n" );
		return 3;
	}
	bool allAgree = std::find( agrees.begin(), agrees.end(), false ) == agrees.end();
	if ( opt.json ) printJson( results, agrees );
	else if ( !results.empty() )
		std::printf( "# %s (reference: %s, checksum %lld)\n", allAgree ? "all peers agree" : "MISMATCH: some peer disagrees",
					 results.front().name.c_str(), results.front().checksum );
	return allAgree ? 0 : 1;
}
